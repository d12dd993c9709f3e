#!/bin/sh
# MPI programs under Darshan 3.5.0: mpirun -x LD_PRELOAD=libdarshan.so (as rounds 4-11)
cd /tmp/labels12-run
mkdir -p out/multi logs
run() { name=$1 lib=$2 np=$3; shift 3; echo "== $name (np $np, $lib): $* ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=/tmp/$lib/lib/libdarshan.so \
		-x DARSHAN_LOGFILE=/tmp/labels12-run/logs/r12-$name.darshan "$@"; echo "rc=$?"; }
run fsync-every labels4-inst 4 ./par12 fsync out/fse 128 every
run fsync-end labels4-inst 4 ./par12 fsync out/fsn 128 end
run fsync-every-2 labels4-inst 4 ./par12 fsync out/fse 128 every
run fsync-every-3 labels4-inst 4 ./par12 fsync out/fse 128 every
./ser12 dontneed in/s64.dat; run coll-read-strided labels4-inst 4 ./par12 collread in/s64.dat strided 16
./ser12 dontneed in/s64.dat; run coll-read-contig labels4-inst 4 ./par12 collread in/s64.dat contig 16
run h5-meta labels4-inst-full 1 ./par12 h5 out/meta.h5 1000 16 1
run h5-big labels4-inst-full 1 ./par12 h5 out/big.h5 4 8388608 1
run skew-rank3 labels4-inst 4 ./par12 skew out/skew.dat 16 10
run multi8 labels4-inst 4 ./par12 multi out/multi 8 16
