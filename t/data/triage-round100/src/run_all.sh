#!/bin/bash
# Round 100's runs (labels100): embedded key-value stores and databases. Real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf, local disk only (no throttle).
# PASS=lab: labelled logs (logs/r100-NAME) and each problem's twin (reruns/r100-labels100-tw-TWIN);
# PASS=ab1|ab2: reruns (reruns/r100-labels100-PASS-NAME, twins reruns/r100-labels100-PASS-tw-TWIN).
R=/tmp/labels100/run; S=/tmp/labels100/src
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r100-$1.darshan;; lab:W) echo $R/reruns/r100-labels100-tw-$1.darshan;;
	*:W) echo $R/reruns/r100-labels100-$PASS-tw-$1.darshan;; *) echo $R/reruns/r100-labels100-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
d() { rm -rf $R/d/$1; mkdir -p $R/d/$1; echo $R/d/$1; }
K=$S/kv100
sync
# fine: 2 ranks, each its own LSM store: 300000 puts of 128 B, WAL written in 64 KiB, fdatasync at each memtable flush,
# 9 memtable flushes of 4 MiB in 1 MiB writes, 2 compactions (read 4 runs, rewrite one)
only lsm && mpi lsm L 2 $K lsm $(d lsm) 300000 flush 1048576 3000
# fine: 1 rank B-tree: builds a 64 MiB file of 4 KiB pages, 60000 point lookups = 120000 random 4 KiB preads
only btree && mpi btree L 1 $K btree $(d btree) 60000 40000
# fine: 1 rank SQLite-like: 10 transactions of 30000 rows, each a rollback journal + 2 fsyncs + unlink
only txbatch && DXT=1 mpi txbatch L 1 $K tx $(d tx) 10 30000 2000
# problem: 4 ranks, WAL write + fdatasync per 128-B put (5000 a rank); twin: group commit every 64 KiB
only walsync && { DXT=1 mpi walsync L 4 $K lsm $(d ws) 5000 always 1048576 3000
	DXT=1 mpi walsync-group W 4 $K lsm $(d ws) 5000 group 1048576 3000; }
# problem: 2 ranks, run files written and read (flush, compaction) one 128-B record per call; twin: 1 MiB calls
only smallrun && { mpi smallrun L 2 $K lsm $(d sr) 400000 flush 128 300
	mpi smallrun-1m W 2 $K lsm $(d sr) 400000 flush 1048576 300; }
ls -l logs reruns | tail -3
