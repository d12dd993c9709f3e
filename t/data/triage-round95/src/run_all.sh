#!/bin/bash
# Round 95's runs (labels95): multi-level checkpoint/restart (SCR/VeloC-like). Real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf. PASS=lab: labelled logs (logs/r95-NAME) and
# each problem's twin (reruns/r95-labels95-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r95-labels95-PASS-NAME). Run as root
# after `throttle.sh up`: this script puts itself in the blkio cgroup labels95 (only the loop device is limited).
# Levels: node-local = /tmp/labels95/run/j/NAME/l (ext4 on the VM's disk), shared = the throttled sync mount.
R=/tmp/labels95/run; S=/tmp/labels95/src; T=/tmp/labels95/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels95/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r95-$1.darshan;; lab:W) echo $R/reruns/r95-labels95-tw-$1.darshan;;
	*:W) echo $R/reruns/r95-labels95-$PASS-tw-$1.darshan;; *) echo $R/reruns/r95-labels95-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
job() { rm -rf $R/j/$1 $T/$1; mkdir -p $R/j/$1/l $T/$1; }
A=$S/app95
sync
# fine: 4 ranks, 30 steps, 2 MiB a rank to node-local + partner copy every step, collective flush to shared every 10
only scr && { job scr; DXT=1 mpi scr L 4 $A scr 30 2 10 $R/j/scr/l $T/scr; }
# fine: VeloC-like, 2 MiB a rank, a background thread flushes every 3 steps (pwrite, file per rank) during compute;
# reference twin (not a fix, a measure of the overlap): the same job with no shared flush at all
only veloc && { job veloc; DXT=1 mpi veloc L 4 $A veloc 30 2 3 $R/j/veloc/l $T/veloc;
	job veloc; DXT=1 mpi veloc-noflush W 4 $A veloc 30 2 1000 $R/j/veloc/l $T/veloc; }
# fine: restart from scr's levels: probe the shared checkpoints' headers, read the local copy (1 MiB reads), 10 steps
only restart && { DXT=1 mpi restart L 4 $A restart 10 2 10 $R/j/scr/l $T/scr; }
# problem: the shared flush serialized in 4 KiB independent MPI-IO writes; twin: 1 MiB collective writes
only small && { job small; DXT=1 mpi small L 4 $A small 20 2 10 $R/j/small/l $T/small;
	job small; DXT=1 mpi small-coll W 4 $A scr 20 2 10 $R/j/small/l $T/small; }
# problem: node-local checkpoint fsync'ed after every 256 KiB chunk (640 fsyncs); twin: no fsync
only fsync && { job fsync; DXT=1 mpi fsync L 4 $A fsync 20 2 10 $R/j/fsync/l $R/j/fsync;
	job fsync; DXT=1 mpi fsync-none W 4 $A scr 20 2 10 $R/j/fsync/l $R/j/fsync; }
# problem: flushed to the shared mount every step (K=1, 20 flushes of 8 MiB); twin: every 10 steps
only every && { job every; DXT=1 mpi every L 4 $A scr 20 2 1 $R/j/every/l $T/every;
	job every; DXT=1 mpi every-k10 W 4 $A scr 20 2 10 $R/j/every/l $T/every; }
ls -l logs reruns | tail -3
