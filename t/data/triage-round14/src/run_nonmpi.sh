#!/bin/sh
# non-MPI programs under Darshan 3.5.0 (LD_PRELOAD, DARSHAN_ENABLE_NONMPI=1), as rounds 4-13
cd /tmp/labels14/run
mkdir -p logs out/sorttmp
DIR=${DIR:-logs} SFX=${SFX:-}
run() { name=$1; shift; echo "== $name$SFX: $* ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"
	LD_PRELOAD=/tmp/labels14/darshan-rt/lib/libdarshan.so DARSHAN_ENABLE_NONMPI=1 DARSHAN_MODMEM=16 \
		DARSHAN_CONFIG_PATH=/tmp/labels14/run/src/darshan-big.conf \
		DARSHAN_LOGFILE=/tmp/labels14/run/$DIR/r14-$name$SFX.darshan "$@"; echo "rc=$?"; }
