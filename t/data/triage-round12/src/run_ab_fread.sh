#!/bin/sh
# A B A B A B: fread of in/g1.dat in 4 KiB calls (A) against 4 MiB calls (B), pages dropped before each run
cd /tmp/labels12-run
mkdir -p reruns
run() { name=$1; shift; ./ser12 dontneed in/g1.dat; echo "== $name ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"
	LD_PRELOAD=/tmp/labels4-inst/lib/libdarshan.so DARSHAN_ENABLE_NONMPI=1 \
		DARSHAN_LOGFILE=/tmp/labels12-run/reruns/r12-$name.darshan "$@"; echo "rc=$?"; }
for k in 1 2 3; do
	run fread-4k-ab$k ./ser12 fread in/g1.dat 4
	run fread-4m-ab$k ./ser12 fread in/g1.dat 4096
done
