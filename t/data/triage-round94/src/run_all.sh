#!/bin/bash
# Round 94's runs (labels94): tabular data analytics in Python/numpy. Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt
# (used as it is), round 26's darshan-big.conf. PASS=lab: labelled logs (logs/r94-NAME) and each problem's twin
# (reruns/r94-labels94-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r94-labels94-PASS-NAME). Run as root after
# `throttle.sh up`: this script puts itself in the blkio cgroup labels94 (only the loop device is limited).
# Inputs: `python3 ana94.py gen $R/data 300000 20000` (local) and the same into $T/data (throttled), not logged.
R=/tmp/labels94/run; S=/tmp/labels94/src; T=/tmp/labels94/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels94/cgroup.procs
cd $R; mkdir -p logs reruns out
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r94-$1.darshan;; lab:W) echo $R/reruns/r94-labels94-tw-$1.darshan;;
	*:W) echo $R/reruns/r94-labels94-$PASS-tw-$1.darshan;; *) echo $R/reruns/r94-labels94-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
one() { name=$1 kind=$2; shift 2; hdr "$name: $*"; t0=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$S/darshan-big.conf DARSHAN_LOGFILE=$(logname $name $kind) \
		${DXT:+DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
P="/usr/bin/python3 $S/ana94.py"
sync
# fine (local): 17 MB CSV (300000 rows) read in 10000-row chunks through the csv module, per-key sums
only csvchunk && one csvchunk L $P csvchunk $R/data
# fine (local): quantiles and per-key sums over 6 memory-mapped 16 MB .npy columns (3 passes), result saved
only memmap && one memmap L $P memmap $R/data $R/out 3
# fine (local): threaded task farm, 4 workers, 16 partitions (8 MB .npy each), a line each appended to results.csv
only farm && DXT=1 one farm L $P farm $R/data $R/out 10
# problem (local): small.csv (20000 rows) parsed with readline on an unbuffered file: 1-byte read(2)s (no DXT: 1.2M ops); twin: buffered
only rawline && { one rawline L $P rawline $R/data; DXT=1 one rawline-buffered W $P buffered $R/data; }
# problem (throttled sync mount): groupby spilling a temp file per key and chunk (64 x 16 = 1024 files);
# twin: one temp file per chunk (16), groups at known offsets
only spill && { one spill L $P spill $T/data $T/spill; one spill-perchunk W $P spill1 $T/data $T/spill; }
ls -l logs reruns | tail -3
