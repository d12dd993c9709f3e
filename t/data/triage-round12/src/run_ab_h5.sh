#!/bin/sh
# A B A B A B, after the scoring: h5-meta's 1000 datasets of 16 doubles (A) against one dataset of 16000 doubles with one
# attribute (B, the same 128000 B of data), HDF5 build of Darshan, np 1
cd /tmp/labels12-run
run() { name=$1; shift; echo "== $name ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np 1 -x LD_PRELOAD=/tmp/labels4-inst-full/lib/libdarshan.so \
		-x DARSHAN_LOGFILE=/tmp/labels12-run/reruns/r12-$name.darshan "$@"; echo "rc=$?"; }
for k in 1 2 3; do
	run h5-meta-ab$k ./par12 h5 out/meta.h5 1000 16 1
	run h5-one-ab$k ./par12 h5 out/one.h5 1 16000 1
done
