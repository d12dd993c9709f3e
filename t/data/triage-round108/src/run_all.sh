#!/bin/bash
# Round 108's runs (labels108): ML hyperparameter sweeps and batch inference. Real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is), round 83's darshan-big.conf. PASS=lab: labelled logs (logs/r108-NAME)
# and each problem's twin (reruns/r108-labels108-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r108-labels108-PASS-NAME).
# Run as root after `throttle.sh up` and `setup.sh`: this script puts itself in the blkio cgroup labels108 (only the
# loop device is limited). Inputs on the throttled mount are made cold by unmounting and remounting it.
R=/tmp/labels108/run; S=/tmp/labels108/src; T=/tmp/labels108/mnt; P=/usr/bin/python3
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels108/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r108-$1.darshan;; lab:W) echo $R/reruns/r108-labels108-tw-$1.darshan;;
	*:W) echo $R/reruns/r108-labels108-$PASS-tw-$1.darshan;; *) echo $R/reruns/r108-labels108-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
one() { name=$1 kind=$2; shift 2; hdr "$name: $*"; t0=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$S/darshan-big.conf DARSHAN_LOGFILE=$(logname $name $kind) \
		${DXT:+DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
cold() { sync; umount $T && mount -o sync $(cat /tmp/labels108/loopdev) $T; }
sync
# fine (local): 32-trial sweep, Pool(2) trains, the parent reads 32 configs, writes 32 x (progress.csv of 3000 lines
# buffered, result.json, 64 KiB ckpt.npy)
only sweep && { rm -f sw/t-*/progress.csv sw/t-*/result.json sw/t-*/ckpt.npy; one sweep L $P $S/sweep108.py run sw 32 3000 buffered; }
# fine (local): the aggregator reads every trial's result.json and progress.csv (buffered), writes summary.csv
only agg && one agg L $P $S/agg108.py sw 32 buffered
# fine (local, warm page cache; no DXT: 3000 records made the log 230 KB): 4-rank inference over 3000 4 KiB sample files, 2048-wide hidden layer, stdio predictions
only infer && mpi infer L 4 ./infer108 inf 3000 files 2048
# problem (local): the aggregator reads progress.csv unbuffered: 1-byte read(2)s; twin: buffered (agg itself)
only aggraw && { one aggraw L $P $S/agg108.py sw 32 raw; one aggraw-buffered W $P $S/agg108.py sw 32 buffered; }
# problem (throttled sync mount, cold): 4-rank inference over 3000 4 KiB sample files; twin: the packed shard file
only inferstorm && { cold; mpi inferstorm L 4 ./infer108 $T/inf 3000 files 256; cold; mpi inferstorm-shard W 4 ./infer108 $T/inf 3000 shard 256; }
# problem (throttled sync mount): 8-trial sweep whose tracker opens, appends one line to and closes progress.csv every
# step (2400 times); twin: progress.csv kept open and buffered
only sweepsync && { rm -f $T/sw/t-*/progress.csv $T/sw/t-*/result.json $T/sw/t-*/ckpt.npy; one sweepsync L $P $S/sweep108.py run $T/sw 8 300 lineopen
	rm -f $T/sw/t-*/progress.csv $T/sw/t-*/result.json $T/sw/t-*/ckpt.npy; one sweepsync-buffered W $P $S/sweep108.py run $T/sw 8 300 buffered; }
ls -l logs reruns | tail -3
