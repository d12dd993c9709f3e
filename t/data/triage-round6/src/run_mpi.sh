#!/bin/sh
# MPI programs under Darshan 3.5.0: mpirun -x LD_PRELOAD=libdarshan.so (as rounds 4 and 5)
cd /tmp/labels6-run
mkdir -p out logs/reruns
run() { name=$1 lib=$2 np=$3 dxt=$4; shift 4; echo "== $name (np $np, $lib, DXT $dxt): $*"
	mpirun --allow-run-as-root --oversubscribe -np $np -x LD_PRELOAD=/tmp/$lib/lib/libdarshan.so \
		$( [ $dxt = 1 ] && echo -x DXT_ENABLE_IO_TRACE=1 ) -x DARSHAN_LOGFILE=/tmp/labels6-run/logs/$name.darshan "$@"; echo "rc=$?"; }
case ${1:-all} in
all)
run r6-open-storm labels4-inst 4 0 ./par openstorm out/shared.dat 5000
run r6-fsync-all labels4-inst 4 0 ./par fsyncall out/fs 1000 16
run r6-slow-compute labels4-inst 4 1 ./par slowcomp out/sc 4 64
run r6-slow-io labels4-inst 4 1 ./par slowio out/sio 64
run r6-h5-indep labels4-inst-full 4 0 ./h5_2d i out/h5i.h5 4096
run r6-h5-coll labels4-inst-full 4 0 ./h5_2d c out/h5c.h5 4096
;;
esac
# three identical reruns of open-storm (not labelled), back to back
case ${1:-all} in reruns)
for i in 2 3 4; do run reruns/r6-open-storm-$i labels4-inst 4 0 ./par openstorm out/shared.dat 5000; done
;; esac
