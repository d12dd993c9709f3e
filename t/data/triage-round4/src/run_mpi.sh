#!/bin/sh
# MPI programs under Darshan: mpirun -x LD_PRELOAD=libdarshan.so
cd /tmp/labels4-run
mkdir -p out
run() { name=$1 lib=$2 np=$3 dxt=$4; shift 4; echo "== $name (np $np, $lib, DXT $dxt): $*"
	mpirun --allow-run-as-root --oversubscribe -np $np -x LD_PRELOAD=/tmp/$lib/lib/libdarshan.so \
		$( [ $dxt = 1 ] && echo -x DXT_ENABLE_IO_TRACE=1 ) -x DARSHAN_LOGFILE=/tmp/labels4-run/logs/r4-$name.darshan "$@"; echo "rc=$?"; }
run mpiio-small labels4-inst 8 0 ./mpiio_small out/small.dat 10000
run mpiio-large labels4-inst 4 1 ./mpiio_large out/large.dat
run rank0-io labels4-inst 8 1 ./rank0_io out/rank0.dat
run pnc-coll labels4-inst-full 4 1 ./pnc_coll out/coll.nc 16
run pnc-indep-small labels4-inst-full 4 0 ./pnc_indep_small out/indep.nc 5000
run h5-small-chunks labels4-inst-full 2 0 ./h5_small_chunks out/chunks
run h5-coll labels4-inst-full 4 1 ./h5_coll out/coll.h5
