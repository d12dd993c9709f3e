#!/bin/sh
# MPI programs under Darshan 3.5.0: mpirun -x LD_PRELOAD=libdarshan.so (as rounds 4-17)
cd /tmp/labels18/run
mkdir -p out/hist out/ck out/dump logs
run() { name=$1 np=$2; shift 2; echo "== $name (np $np): $* ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np \
		-x LD_PRELOAD=/tmp/labels14/darshan-rt/lib/libdarshan.so \
		-x DARSHAN_CONFIG_PATH=/work/labels18/t/data/triage-round18/src/darshan-big.conf \
		-x DARSHAN_LOGFILE=/tmp/labels18/run/logs/r18-$name.darshan "$@"; echo "rc=$?"; }
rm -f out/hist/*; run history 4 ./par18 history out/hist 10 4 0.5
./ser18 dontneed in/big.dat; run slices-8m 4 ./par18 slices in/big.dat 128 8
rm -f out/dump/*; run dump-text 4 ./par18 dump out/dump 2000000 text
rm -f out/dump/*; run dump-bin 4 ./par18 dump out/dump 2000000 bin
rm -f out/ck/*; run ckpt-10s 4 ./par18 ckpt out/ck 6 10 64
rm -f out/hist/*; run history-vars 4 ./par18 histvars out/hist 10 4 0.5 64
