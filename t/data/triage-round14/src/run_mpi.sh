#!/bin/sh
# MPI programs under Darshan 3.5.0: mpirun -x LD_PRELOAD=libdarshan.so (as rounds 4-13); mpi_yield_when_idle so that
# 16 oversubscribed ranks do not spin on 2 shared cores
cd /tmp/labels14/run
mkdir -p out/mon logs
DIR=${DIR:-logs} SFX=${SFX:-}
run() { name=$1 np=$2; shift 2; echo "== $name$SFX (np $np): $* ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none --mca mpi_yield_when_idle 1 -np $np \
		-x LD_PRELOAD=/tmp/labels14/darshan-rt/lib/libdarshan.so -x DARSHAN_CONFIG_PATH=/tmp/labels14/run/src/darshan-big.conf \
		-x DARSHAN_LOGFILE=/tmp/labels14/run/$DIR/r14-$name$SFX.darshan "$@"; echo "rc=$?"; }
