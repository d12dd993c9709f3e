#!/bin/sh
# A B A B reruns for the stakes (reruns/, not labelled), after the labelled runs
cd /tmp/labels13-run
mkdir -p reruns out/tmp
mpi() { name=$1 lib=$2 np=$3; shift 3; echo "== $name (np $np): $* ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=/tmp/$lib/lib/libdarshan.so \
		-x DARSHAN_LOGFILE=/tmp/labels13-run/reruns/r13-$name.darshan "$@"; }
ser() { name=$1; shift; echo "== $name: $* ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"
	LD_PRELOAD=/tmp/labels4-inst/lib/libdarshan.so DARSHAN_ENABLE_NONMPI=1 DARSHAN_MODMEM=16 \
		DARSHAN_LOGFILE=/tmp/labels13-run/reruns/r13-$name.darshan "$@"; }
for k in ${KS:-1 2 3}; do
	rm -f out/il.dat; mpi indep-il4k-ab$k labels4-inst 8 ./par13 il4k out/il.dat 2048 indep
	rm -f out/il.dat; mpi contig-1m-ab$k labels4-inst 8 ./par13 il4k out/il.dat 2048 contig
	rm -f out/bad.h5; mpi h5-3d-badchunk-ab$k labels4-inst-full 4 ./par13 h53d out/bad.h5 256 256 256 1
	rm -f out/good.h5; mpi h5-3d-slabchunk-ab$k labels4-inst-full 4 ./par13 h53d out/good.h5 256 64 256 256
	./ser13 dontneed in/g1.dat; mpi read-skew5-ab$k labels4-inst 4 ./par13 readskew in/g1.dat 64 5
	./ser13 dontneed in/g1.dat; mpi read-even-ab$k labels4-inst 4 ./par13 readskew in/g1.dat 128 1
	rm -f out/ord.dat; mpi write-ordered-ab$k labels4-inst 4 ./par13 ordered out/ord.dat 2000 1024
	rm -f out/ord.dat; mpi write-at-ab$k labels4-inst 4 ./par13 ordered out/ord.dat 2000 1024 at
	ser append-100b-ab$k ./ser13 append out/app.log 100000 100
	ser appendbuf-ab$k ./ser13 appendbuf out/app.log 100000 100
	./ser13 dontneed in/g1.dat; ser odirect-4k-ab$k ./ser13 read4k in/g1.dat 64 direct
	./ser13 dontneed in/g1.dat; ser buffered-4k-ab$k ./ser13 read4k in/g1.dat 64 buffered
done
for k in ${KC:-1 2}; do
	rm -f out/ilc.dat; mpi coll-il4k-ab$k labels4-inst 8 ./par13 il4k out/ilc.dat 2048 coll
	rm -f out/il.dat; mpi indep-il4k-abc$k labels4-inst 8 ./par13 il4k out/il.dat 2048 indep
done
