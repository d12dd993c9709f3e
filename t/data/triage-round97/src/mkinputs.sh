#!/bin/bash
# Round 97 inputs (not under Darshan): 12 monthly files of 8 MiB, 120 yearly files of 1 KiB header + 20000 records x
# 8 variables x 32 B (5 MiB), 8 ensemble members of 32 MiB, a 16 MiB regridding weights file.
D=$1; mkdir -p $D/mon $D/yr $D/ens $D/rg
for m in $(seq -w 1 12); do head -c 8M /dev/urandom > $D/mon/mon-$m.bin; done
for y in $(seq -f %03g 0 119); do head -c $((1024 + 20000 * 256)) /dev/urandom > $D/yr/yr-$y.nc; done
for e in $(seq -f %02g 0 7); do head -c 32M /dev/urandom > $D/ens/mem-$e.bin; done
head -c 16M /dev/urandom > $D/rg/weights.bin
