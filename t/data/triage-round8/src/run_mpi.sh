#!/bin/sh
# MPI programs under Darshan 3.5.0: mpirun -x LD_PRELOAD=libdarshan.so (as rounds 4-7)
cd /tmp/labels8-run
mkdir -p out/ck logs
run() { name=$1 lib=$2 np=$3; shift 3; echo "== $name (np $np, $lib): $*"
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=/tmp/$lib/lib/libdarshan.so \
		-x DARSHAN_LOGFILE=/tmp/labels8-run/logs/r8-$name.darshan "$@"; echo "rc=$?"; }
run coll-cb1 labels4-inst 4 ./par8 coll out/cb1.dat 64 1
run coll-cbdef labels4-inst 4 ./par8 coll out/cbdef.dat 64 default
run skew4x labels4-inst 4 ./par8 skew out/skew.dat 64
run unaligned labels4-inst 4 ./par8 unal out/unal.dat 64
run stdio-fwrite4 labels4-inst 4 ./par8 fwrite out/fw 128
run ckpt-periodic labels4-inst 4 ./par8 ckpt out/ck/ck 4 32 2
run ckpt-restart labels4-inst 4 ./par8 restart out/ck/ck 3
run compute90 labels4-inst 4 ./par8 compute out/c90.dat 5 4 1.8
run h5-chunk1k labels4-inst-full 1 ./h5chunk out/h1k.h5 64 1024
run h5-chunk4m labels4-inst-full 1 ./h5chunk out/h4m.h5 64 4194304
