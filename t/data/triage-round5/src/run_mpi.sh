#!/bin/sh
# MPI programs under Darshan 3.5.0: mpirun -x LD_PRELOAD=libdarshan.so (as round 4)
cd /tmp/labels5-run
mkdir -p out
run() { name=$1 lib=$2 np=$3 dxt=$4; shift 4; echo "== $name (np $np, $lib, DXT $dxt): $*"
	mpirun --allow-run-as-root --oversubscribe -np $np -x LD_PRELOAD=/tmp/$lib/lib/libdarshan.so \
		$( [ $dxt = 1 ] && echo -x DXT_ENABLE_IO_TRACE=1 ) -x DARSHAN_LOGFILE=/tmp/labels5-run/logs/r5-$name.darshan "$@"; echo "rc=$?"; }
case ${1:-all} in
all)
run fpp-ckpt labels4-inst 4 1 ./fpp_ckpt w out/ckpt 128
run fpp-restart labels4-inst 4 1 ./fpp_ckpt r out/ckpt 128
run strided-indep labels4-inst 4 0 ./strided i out/strided-i.dat 16384 4096
run strided-coll labels4-inst 4 0 ./strided c out/strided-c.dat 16384 4096
run raw-self labels4-inst 1 1 ./raw out/raw-self.dat 256
run raw-other labels4-inst 2 1 ./raw out/raw-other.dat 256
run append-log labels4-inst 4 0 ./append_log out/app.log 5000
run imbalance labels4-inst 4 1 ./imbalance out/imb 48 10
run balanced labels4-inst 4 1 ./imbalance out/bal 120 1
;;
esac
# second pass: the strided pair made larger (first try: 2048 blocks, 0.2 s runs; logs replaced)
case ${1:-all} in strided)
run strided-indep labels4-inst 4 0 ./strided i out/strided-i.dat 16384 4096
run strided-coll labels4-inst 4 0 ./strided c out/strided-c.dat 16384 4096
;; esac
case ${1:-all} in h5)
run h5-meta labels4-inst-full 2 0 ./h5_meta out/meta 2000 10
;; esac
