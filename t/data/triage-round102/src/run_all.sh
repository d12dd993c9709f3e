#!/bin/bash
# Round 102's runs (labels102): agent-based epidemic simulations. Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt
# (used as it is), round 26's darshan-big.conf (as round 83). PASS=lab: labelled logs (logs/r102-NAME) and each problem's
# twin (reruns/r102-labels102-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r102-labels102-PASS-NAME). Run as root after
# `throttle.sh up`: this script puts itself in the blkio cgroup labels102 (only the loop device is limited).
R=/tmp/labels102/run; S=/tmp/labels102/src; T=/tmp/labels102/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels102/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r102-$1.darshan;; lab:W) echo $R/reruns/r102-labels102-tw-$1.darshan;;
	*:W) echo $R/reruns/r102-labels102-$PASS-tw-$1.darshan;; *) echo $R/reruns/r102-labels102-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
# a job directory with a fresh 8 MiB synthetic population (262144 agents of 32 B), written outside Darshan
job() { rm -rf $1; mkdir -p $1; ./abm102 gen $1 262144; sync; }
# fine (local): 4 ranks read their slice of the population (MPI-IO), 40 days, rank 0 daily.csv (stdio),
# per-rank stdio event logs, a collective checkpoint to a new file every 10 days
only base && { job j/base; DXT=1 mpi base L 4 ./abm102 j/base 40 10 part files stdio; }
# fine (local): 8 ranks each read(2) the whole 8 MiB population in 1 MiB reads and keep their slice, 40 days,
# checkpoint every 20 days
only popall && { job j/pa; DXT=1 mpi popall L 8 ./abm102 j/pa 40 20 all files stdio; }
# fine (local): 8 ranks, 60 days, per-rank stdio event logs (9 small files), checkpoint every 30 days
only evlog && { job j/ev; DXT=1 mpi evlog L 8 ./abm102 j/ev 60 30 part files stdio; }
# problem (throttled sync mount): the checkpoint overwrites ckpt.bin every day (40x 8 MiB); twin: every 10 days
only ckdaily && { job $T/j/ck; DXT=1 mpi ckdaily L 4 ./abm102 $T/j/ck 40 1 part over stdio;
	job $T/j/ck; DXT=1 mpi ckdaily-10 W 4 ./abm102 $T/j/ck 40 10 part over stdio; }
# problem (throttled sync mount): one write(2) per event line (~50 B); twin: stdio-buffered event logs
only evraw && { job $T/j/er; DXT=1 mpi evraw L 4 ./abm102 $T/j/er 40 10 part files raw;
	job $T/j/er; DXT=1 mpi evraw-stdio W 4 ./abm102 $T/j/er 40 10 part files stdio; }
ls -l logs reruns | tail -3
