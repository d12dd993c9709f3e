#!/bin/sh
# Redo of run_labelled.sh's last five runs: its fsync-close/syncfs-end lines had a stray argument
# (rc 127), and grep/awk/split under `sh -c` made two instrumented processes race for one log
# name (Darshan could not create grep's log). Here each program runs directly.
cd /tmp/labels17/run
mkdir -p logs out/fsc out/fse out/split
LIB=/tmp/labels14/darshan-rt/lib/libdarshan.so
srun() { name=$1; shift; echo "== $name: $* ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"
	rm -f logs/r17-$name.darshan
	LD_PRELOAD=$LIB DARSHAN_ENABLE_NONMPI=1 DARSHAN_MODMEM=16 \
		DARSHAN_LOGFILE=/tmp/labels17/run/logs/r17-$name.darshan "$@"; echo "rc=$?"; }
rm -f out/fsc/*; srun fsync-close ./ser17 fsyncclose out/fsc 200 1024 each
rm -f out/fse/*; srun syncfs-end ./ser17 fsyncclose out/fse 200 1024 end
./ser17 dontneed in/text1g.txt; srun grep-1g grep -c op=write in/text1g.txt
srun awk-1g awk -F'bytes=' '{split($2,a," "); s+=a[1]} END {print s}' in/text1g.txt
rm -f out/split/*; srun split-1g split -b 16M in/text1g.txt out/split/piece.
