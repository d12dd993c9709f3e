#!/bin/sh
# round 19's serial programs under Darshan 3.5.0 (DARSHAN_ENABLE_NONMPI=1)
cd /tmp/labels19/run
D=${1:-logs} S=${2:-}
mkdir -p $D
run() { name=$1; shift; echo "== $name$S: $* ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"
	LD_PRELOAD=/tmp/labels14/darshan-rt/lib/libdarshan.so DARSHAN_ENABLE_NONMPI=1 DARSHAN_MODMEM=16 \
		DARSHAN_LOGFILE=/tmp/labels19/run/$D/r19-$name$S.darshan "$@"; echo "rc=$?"; }
./ser19 dontneed in/g.dat; run stride-grow ./ser19 stride in/g.dat 65536
./ser19 dontneed in/g.dat; run fadv-2m ./ser19 fadv in/g.dat 2097152 1
./ser19 dontneed in/g.dat; run plain-2m ./ser19 fadv in/g.dat 2097152 0
