#!/bin/sh
# more A B pairs (reruns/, not labelled): indep 4 KiB vs contiguous 1 MiB, write_ordered vs write_at
cd /tmp/labels13-run
mpi() { name=$1 lib=$2 np=$3; shift 3; echo "== $name (np $np): $* ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=/tmp/$lib/lib/libdarshan.so \
		-x DARSHAN_LOGFILE=/tmp/labels13-run/reruns/r13-$name.darshan "$@"; }
for k in 4 5 6; do
	rm -f out/il.dat; mpi indep-il4k-ab$k labels4-inst 8 ./par13 il4k out/il.dat 2048 indep
	rm -f out/il.dat; mpi contig-1m-ab$k labels4-inst 8 ./par13 il4k out/il.dat 2048 contig
	rm -f out/ord.dat; mpi write-ordered-ab$k labels4-inst 4 ./par13 ordered out/ord.dat 2000 1024
	rm -f out/ord.dat; mpi write-at-ab$k labels4-inst 4 ./par13 ordered out/ord.dat 2000 1024 at
done
