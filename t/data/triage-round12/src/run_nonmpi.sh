#!/bin/sh
# non-MPI programs under Darshan 3.5.0 (LD_PRELOAD, DARSHAN_ENABLE_NONMPI=1), as rounds 4-11
cd /tmp/labels12-run
mkdir -p out/tar out/obj logs
run() { name=$1; shift; echo "== $name: $* ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"
	LD_PRELOAD=/tmp/labels4-inst/lib/libdarshan.so DARSHAN_ENABLE_NONMPI=1 DARSHAN_MODMEM=16 \
		DARSHAN_LOGFILE=/tmp/labels12-run/logs/r12-$name.darshan "$@"; echo "rc=$?"; }
./ser12 dontneed in/g1.dat; run fread-4k ./ser12 fread in/g1.dat 4
./ser12 dontneed in/g1.dat; run fread-4m ./ser12 fread in/g1.dat 4096
run tar-3000 ./ser12 tar out/tar 3000
for f in in/hdr/*.h; do ./ser12 dontneed $f; done; run compile ./ser12 compile in/hdr 400 out/obj 50
run sparse ./ser12 sparse out/sparse.dat 256 4
