#!/bin/sh
# the labelled one-process runs
. /tmp/labels14/run/src/run_nonmpi.sh
./ser14 dontneed in/rmw.dat; run rmw-4k ./ser14 rmw in/rmw.dat 4096
./ser14 dontneed in/in256.dat; run twophase ./ser14 twophase in/in256.dat out/tp.txt 200000 64 raw
rm -f out/log.txt; run reopen-log ./ser14 reopen out/log.txt 20000 each
run pyimport /root/.pyenv/versions/3.11.7/bin/python3 src/pyimport.py
./ser14 dontneed in/sort.txt; run sort-spill sort -S 4M -T out/sorttmp in/sort.txt -o out/sorted.txt
./ser14 dontneed in/gz.dat; run gzip gzip -k -f in/gz.dat
