#!/bin/sh
# MPI programs under Darshan 3.5.0: mpirun -x LD_PRELOAD=libdarshan.so (as rounds 4-6)
cd /tmp/labels7-run
mkdir -p out logs/reruns
run() { name=$1 lib=$2 np=$3; shift 3; echo "== $name (np $np, $lib): $*"
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=/tmp/$lib/lib/libdarshan.so \
		-x DARSHAN_LOGFILE=/tmp/labels7-run/logs/$name.darshan "$@"; echo "rc=$?"; }
case ${1:-all} in
all)
run r7-n1-1m-8 labels4-inst 8 ./par n1 out/n1-1m.dat 32 1024
run r7-n1-64k-16 labels4-inst 16 ./par n1 out/n1-64k.dat 16 64
run r7-idle-rank labels4-inst 2 ./par idle out/idle.dat 256
run r7-applog-line labels4-inst 4 ./par applog out/line 100000 1
run r7-applog-batch labels4-inst 4 ./par applog out/batch 100000 100
run r7-nc-indep labels4-inst-full 4 ./nc_vars i out/nci.nc 400 512
run r7-nc-coll labels4-inst-full 4 ./nc_vars c out/ncc.nc 400 512
;;
esac
# three identical reruns of n1-64k-16 (not labelled), back to back
case ${1:-all} in all|reruns)
for i in 2 3 4; do run reruns/r7-n1-64k-16-$i labels4-inst 16 ./par n1 out/n1-64k.dat 16 64; done
;; esac
