#!/bin/sh
# MPI programs under Darshan 3.5.0: mpirun -x LD_PRELOAD=libdarshan.so (as rounds 4-12)
cd /tmp/labels13-run
mkdir -p out/tmp logs
run() { name=$1 lib=$2 np=$3; shift 3; echo "== $name (np $np, $lib): $* ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=/tmp/$lib/lib/libdarshan.so \
		-x DARSHAN_CONFIG_PATH=/tmp/labels13-run/src/darshan-big.conf \
		-x DARSHAN_LOGFILE=/tmp/labels13-run/logs/r13-$name.darshan "$@"; echo "rc=$?"; }
rm -f out/il.dat; run indep-il4k labels4-inst 8 ./par13 il4k out/il.dat 2048 indep
rm -f out/ilc.dat; run coll-il4k labels4-inst 8 ./par13 il4k out/ilc.dat 2048 coll
rm -f out/il.dat; run indep-il4k-2 labels4-inst 8 ./par13 il4k out/il.dat 2048 indep
rm -f out/il.dat; run indep-il4k-3 labels4-inst 8 ./par13 il4k out/il.dat 2048 indep
run tmp-unlink labels4-inst 4 ./par13 tmpfiles out/tmp 1250
run h5-3d-badchunk labels4-inst-full 4 ./par13 h53d out/bad.h5 256 256 256 1
run h5-3d-slabchunk labels4-inst-full 4 ./par13 h53d out/good.h5 256 64 256 256
./ser13 dontneed in/g1.dat; run read-skew5 labels4-inst 4 ./par13 readskew in/g1.dat 64 5
./ser13 dontneed in/g1.dat; run read-even labels4-inst 4 ./par13 readskew in/g1.dat 128 1
rm -f out/ord.dat; run write-ordered labels4-inst 4 ./par13 ordered out/ord.dat 2000 1024
rm -f out/iw.dat; run iwrite labels4-inst 4 ./par13 iwrite out/iw.dat 64
./ser13 dontneed in/g1.dat; run rand-1m labels4-inst 4 ./par13 randread in/g1.dat 128
