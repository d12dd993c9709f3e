#!/bin/sh
# the labelled MPI runs
. /tmp/labels14/run/src/run_mpi.sh
run cfg16 16 ./par14 cfg in/cfg.txt 1.0
rm -f out/sparse.dat; run sparse-4g 4 ./par14 sparse out/sparse.dat 1 64
rm -f out/sa.dat; run subarr-coll 4 ./par14 subarr out/sa.dat 4096 coll
rm -f out/sa.dat; run subarr-indep 4 ./par14 subarr out/sa.dat 4096 indep
rm -f out/pre.dat; run prealloc 4 ./par14 prealloc out/pre.dat 64 pre
rm -f out/pre.dat; run setsize 4 ./par14 prealloc out/pre.dat 64 size
rm -f out/mon/*; run stat-rank 4 ./par14 statrank out/mon 128
./ser14 dontneed in/cread.dat; run cread-1k-16 16 ./par14 cread in/cread.dat 500 1024 coll
rm -f out/ms.dat; run msync-each 4 ./par14 msync out/ms.dat 512 64 each
