#!/bin/sh
# A B A B reruns for the stakes (reruns/, not labelled), after the labelled runs: each kind beside its better twin
cd /tmp/labels14/run
for k in ${KS:-1 2 3}; do
	DIR=reruns SFX=-ab$k; . /tmp/labels14/run/src/run_nonmpi.sh
	./ser14 dontneed in/rmw.dat; run rmw-4k ./ser14 rmw in/rmw.dat 4096
	./ser14 dontneed in/rmw.dat; run rmw-1m ./ser14 rmw in/rmw.dat 1048576
	./ser14 dontneed in/in256.dat; run twophase ./ser14 twophase in/in256.dat out/tp.txt 200000 64 raw
	./ser14 dontneed in/in256.dat; run twophase-buf ./ser14 twophase in/in256.dat out/tp.txt 200000 64 buf
	rm -f out/log.txt; run reopen-log ./ser14 reopen out/log.txt 20000 each
	rm -f out/log.txt; run keep-log ./ser14 reopen out/log.txt 20000 keep
	./ser14 dontneed in/sort.txt; s=$(date +%s.%N); run sort-spill sort -S 4M -T out/sorttmp in/sort.txt -o out/sorted.txt; echo "sort-spill $(echo "$(date +%s.%N) - $s" | bc) s"
	./ser14 dontneed in/sort.txt; s=$(date +%s.%N); run sort-mem sort -S 256M -T out/sorttmp in/sort.txt -o out/sorted.txt; echo "sort-mem $(echo "$(date +%s.%N) - $s" | bc) s"
	. /tmp/labels14/run/src/run_mpi.sh
	rm -f out/sa.dat; run subarr-indep 4 ./par14 subarr out/sa.dat 4096 indep
	rm -f out/sa.dat; run subarr-coll 4 ./par14 subarr out/sa.dat 4096 coll
	rm -f out/pre.dat; run prealloc 4 ./par14 prealloc out/pre.dat 64 pre
	rm -f out/pre.dat; run setsize 4 ./par14 prealloc out/pre.dat 64 size
	./ser14 dontneed in/cread.dat; run cread-1k-16 16 ./par14 cread in/cread.dat 500 1024 coll
	./ser14 dontneed in/cread.dat; run cread-view-16 16 ./par14 cread in/cread.dat 500 1024 view
	rm -f out/ms.dat; run msync-each 4 ./par14 msync out/ms.dat 512 64 each
	rm -f out/ms.dat; run msync-end 4 ./par14 msync out/ms.dat 512 64 end
done
