#!/bin/sh
# non-MPI programs under Darshan 3.5.0 (LD_PRELOAD, DARSHAN_ENABLE_NONMPI=1), as rounds 4-8
cd /tmp/labels11-run
mkdir -p out logs
run() { name=$1; shift; echo "== $name: $* ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"
	LD_PRELOAD=/tmp/labels4-inst/lib/libdarshan.so DARSHAN_ENABLE_NONMPI=1 \
		DARSHAN_LOGFILE=/tmp/labels11-run/logs/r11-$name.darshan "$@"; echo "rc=$?"; }
dontneed() { ./ser11 dontneed "$1"; }
dontneed in/g1.dat; run rand-pread ./ser11 randpread in/g1.dat 20000 2048 0
dontneed in/g1.dat; run sorted-pread ./ser11 randpread in/g1.dat 20000 2048 1
dontneed in/g1.dat; run rand-pread-2 ./ser11 randpread in/g1.dat 20000 2048 0
dontneed in/g1.dat; run rand-pread-3 ./ser11 randpread in/g1.dat 20000 2048 0
run verify-512m ./ser11 verify out/verify.dat 512
run mmap-write ./ser11 mmap out/mmap.dat 256
run fscanf-50m ./ser11 fscanf in/nums.txt
run open-close-20k ./ser11 openclose in/app.conf 20000
run back-write ./ser11 backwrite out/back.dat 256 64
dontneed in/a256.dat; run read-2m-off512 ./ser11 readoff in/a256.dat 512 2048
dontneed in/a256.dat; run read-2m-aligned ./ser11 readoff in/a256.dat 0 2048
