#!/bin/sh
# A B A B A B: fsync after every 1 MiB (A) against one fsync at the end (B), old files removed before each run
cd /tmp/labels12-run
mkdir -p reruns
run() { name=$1; shift; rm -f out/fse.r* out/fsn.r*; echo "== $name ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np 4 -x LD_PRELOAD=/tmp/labels4-inst/lib/libdarshan.so \
		-x DARSHAN_LOGFILE=/tmp/labels12-run/reruns/r12-$name.darshan "$@"; echo "rc=$?"; }
for k in ${KS:-1 2 3}; do
	run fsync-every-ab$k ./par12 fsync out/fse 128 every
	run fsync-end-ab$k ./par12 fsync out/fsn 128 end
done
