#!/bin/sh
# The labelled runs under Darshan 3.5.0 (round 14's runtime /tmp/labels14/darshan-rt: POSIX, MPI-IO, STDIO, DXT,
# HEATMAP; no HDF5 module), as rounds 4-14: mpirun -x LD_PRELOAD=libdarshan.so, or LD_PRELOAD with DARSHAN_ENABLE_NONMPI=1
cd /tmp/labels15/run
mkdir -p out/ck out/nn out/st logs
DIR=${DIR:-logs} SFX=${SFX:-}
RT=/tmp/labels14/darshan-rt/lib/libdarshan.so
mpi() { name=$1 np=$2; shift 2; echo "== $name$SFX (np $np): $* ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none --mca mpi_yield_when_idle 1 -np $np \
		-x LD_PRELOAD="$RT${SHIM:+ $SHIM}" -x DARSHAN_CONFIG_PATH=/tmp/labels15/run/src/darshan-big.conf \
		${SLOWOPEN_MATCH:+-x SLOWOPEN_MATCH=$SLOWOPEN_MATCH -x SLOWOPEN_RANK=$SLOWOPEN_RANK -x SLOWOPEN_S=$SLOWOPEN_S} \
		-x DARSHAN_LOGFILE=/tmp/labels15/run/$DIR/r15-$name$SFX.darshan "$@"; echo "rc=$?"; }
ser() { name=$1; shift; echo "== $name$SFX: $* ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"
	LD_PRELOAD=$RT DARSHAN_ENABLE_NONMPI=1 DARSHAN_MODMEM=16 DARSHAN_LOGFILE=/tmp/labels15/run/$DIR/r15-$name$SFX.darshan "$@"; echo "rc=$?"; }
