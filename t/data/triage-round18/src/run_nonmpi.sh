#!/bin/sh
# non-MPI programs under Darshan 3.5.0 (LD_PRELOAD, DARSHAN_ENABLE_NONMPI=1), as rounds 4-17
cd /tmp/labels18/run
mkdir -p logs
run() { name=$1; shift; echo "== $name: $* ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"
	LD_PRELOAD=/tmp/labels14/darshan-rt/lib/libdarshan.so DARSHAN_ENABLE_NONMPI=1 DARSHAN_MODMEM=16 \
		DARSHAN_CONFIG_PATH=/work/labels18/t/data/triage-round18/src/darshan-big.conf \
		DARSHAN_LOGFILE=/tmp/labels18/run/logs/r18-$name.darshan "$@"; echo "rc=$?"; }
./ser18 dontneed in/reads.fq; run fq-filter ./ser18 fqfilter in/reads.fq out/ids.txt 0
./ser18 dontneed in/reads.fq; run fq-filter-1m ./ser18 fqfilter in/reads.fq out/ids.txt 1048576
run loader-3ep ./ser18 loader in/samples 1000 100 3 0.001
run concat-256 ./ser18 concat in/parts 256 out/all.dat
rm -f logs/r18-open-poll.darshan; run open-poll ./ser18 openpoll in/cfg 16000 0.00002 every
rm -f logs/r18-open-once.darshan; run open-once ./ser18 openpoll in/cfg 16000 0.00002 once
