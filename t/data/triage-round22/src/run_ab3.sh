#!/bin/sh
# 8 ranks, 16 MiB MPI-IO: collective (-c) against independent, A B A B, IOR's own write and read times, no Darshan
R=/tmp/labels22/run; IOR=/tmp/labels22/ior/src/ior; cd $R; mkdir -p out/ab
M="mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none"
ior() { tag=$1; shift; $M "$@" 2>&1 | awk -v t="$tag" -v l="$(cut -d' ' -f1 /proc/loadavg)" '/^(write|read) +[0-9]/ && !seen[$1]++ {s += $10; d = d " " $1 "=" $10} END {printf "%s total %.4f (%s) load %s\n", t, s, d, l}'; }
for i in 1 2; do
ior coll-16m -np 8 $IOR -a MPIIO -c -t 16m -b 16m -w -r -C -i 1 -o $R/out/ab/e
ior indep-16m -np 8 $IOR -a MPIIO -t 16m -b 16m -w -r -C -i 1 -o $R/out/ab/e
done
