#!/bin/bash
# Round 105's runs (labels105): seismic processing and imaging on SEG-Y-like files. Real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf; the script is round 83's, with round 105's
# jobs. PASS=lab: labelled logs (logs/r105-NAME) and each problem's twin (reruns/r105-labels105-tw-TWIN);
# PASS=ab1|ab2: reruns (reruns/r105-labels105-PASS-NAME). Run as root after `throttle.sh up`: this script puts
# itself in the blkio cgroup labels105 (only the loop device is limited).
R=/tmp/labels105/run; S=/tmp/labels105/src; T=/tmp/labels105/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels105/cgroup.procs
cd $R; mkdir -p logs reruns in
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r105-$1.darshan;; lab:W) echo $R/reruns/r105-labels105-tw-$1.darshan;;
	*:W) echo $R/reruns/r105-labels105-$PASS-tw-$1.darshan;; *) echo $R/reruns/r105-labels105-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
MR="mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none"
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	$MR -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
# inputs, made without Darshan: a 16384-trace line (500 samples, 36.7 MB), a 4 Mi-value velocity model (binary 16 MiB,
# ASCII "%.3f\n" 36 MB)
[ -f in/line.sgy ] || $MR -np 1 $S/sei105 mksegy in/line.sgy 16384 500
[ -f in/vel.bin ] || $MR -np 1 $S/sei105 mkvel in/vel.bin 4194304 bin
[ -f in/vel.txt ] || $MR -np 1 $S/sei105 mkvel in/vel.txt 4194304 ascii
sync
# fine (local): 4 ranks read their quarter of the line 256 traces (573 KB) a request, filter, write it collectively
only readblk && { rm -f out.sgy; DXT=1 mpi readblk L 4 $S/sei105 readblk in/line.sgy out.sgy 256 50; }
# fine (local): 8 ranks each fread the whole 16 MiB binary velocity model, then model 12 shots
only vmodel && DXT=1 mpi vmodel L 8 $S/sei105 vmodel in/vel.bin bin 12
# fine (local): 4-rank RTM, 1200 steps of a 256x256 subdomain, snapshot every 10th step (120 x 256 KiB a rank),
# read back in reverse order
only rtm && { rm -rf rtm; mkdir rtm; DXT=1 mpi rtm L 4 $S/sei105 rtm rtm 1200 256 256 10; }
# problem (throttled sync mount): 4 ranks write 4 shot gathers of 96 traces each, trace by trace (240-B header write,
# 2000-B samples write); twin: each gather assembled and written with one write
only gathtrace && { rm -rf $T/g; mkdir -p $T/g; mpi gathtrace L 4 $S/sei105 gathers $T/g 4 96 500 trace
	rm -rf $T/g; mkdir -p $T/g; DXT=1 mpi gathtrace-block W 4 $S/sei105 gathers $T/g 4 96 500 block; }
# problem (throttled sync mount): RTM saving the wavefield every step (600 x 128 KiB a rank) where every 10th step
# is what the imaging condition needs; twin: every 10th
only rtmevery && { rm -rf $T/r; mkdir -p $T/r; mpi rtmevery L 4 $S/sei105 rtm $T/r 600 128 256 1
	rm -rf $T/r; mkdir -p $T/r; DXT=1 mpi rtmevery-every10 W 4 $S/sei105 rtm $T/r 600 128 256 10; }
# problem (local): 8 ranks each fscanf the whole 36 MB ASCII velocity model (4 Mi values), then 8 shots;
# twin: the same model in binary, one fread
only vmascii && { DXT=1 mpi vmascii L 8 $S/sei105 vmodel in/vel.txt ascii 8
	DXT=1 mpi vmascii-bin W 8 $S/sei105 vmodel in/vel.bin bin 8; }
ls -l logs reruns | tail -3
