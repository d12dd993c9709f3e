#!/bin/sh
# non-MPI programs under Darshan 3.5.0 (LD_PRELOAD, DARSHAN_ENABLE_NONMPI=1), as rounds 4-12
cd /tmp/labels13-run
mkdir -p logs
run() { name=$1; shift; echo "== $name: $* ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"
	LD_PRELOAD=/tmp/labels4-inst/lib/libdarshan.so DARSHAN_ENABLE_NONMPI=1 DARSHAN_MODMEM=16 \
		DARSHAN_LOGFILE=/tmp/labels13-run/logs/r13-$name.darshan "$@"; echo "rc=$?"; }
run append-100b ./ser13 append out/app.log 100000 100
./ser13 dontneed in/g1.dat; run odirect-4k ./ser13 read4k in/g1.dat 64 direct
./ser13 dontneed in/g1.dat; run buffered-4k ./ser13 read4k in/g1.dat 64 buffered
