#!/bin/bash
# Round 114's runs (labels114): operational weather forecasting (WRF-like, src/wrf114.c). Real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf. PASS=lab: labelled logs (logs/r114-NAME) and each
# problem's twin (reruns/r114-labels114-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r114-labels114-PASS-NAME). Run as root after
# `throttle.sh up`: this script puts itself in the blkio cgroup labels114 (only the loop device is limited).
R=/tmp/labels114/run; S=/tmp/labels114/src; T=/tmp/labels114/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels114/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r114-$1.darshan;; lab:W) echo $R/reruns/r114-labels114-tw-$1.darshan;;
	*:W) echo $R/reruns/r114-labels114-$PASS-tw-$1.darshan;; *) echo $R/reruns/r114-labels114-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
# a forecast directory: the 24 MiB lateral boundary file (24 time slices of 1 MiB), fixed bytes so every pass reads the same
case1() { rm -rf $1; mkdir -p $1; head -c $((24<<20)) $R/wrfbdy.src > $1/wrfbdy_d01; }
[ -f $R/wrfbdy.src ] || python3 -c 'import random,sys; r=random.Random(114); sys.stdout.buffer.write(r.randbytes(24<<20))' > $R/wrfbdy.src
sync
# fine (local): 4 ranks, 100 steps; rank 0 reads the current 1 MiB boundary slice every 2 steps and broadcasts it;
# 4 history files (8 MiB) written collectively through MPI-IO; per-rank restart of 16 KiB variables, one fsync
only fcst && { case1 j/fcst; DXT=1 mpi fcst L 4 ./wrf114 fcst j/fcst 100 4; }
# fine (local): the same forecast with history gathered to rank 0 and written serially in 1 MiB write(2)s
only serial && { case1 j/serial; DXT=1 mpi serial L 4 ./wrf114 serial j/serial 100 4; }
# fine (local): serial post-processor reading fcst's 4 history files once (16 x 4 KiB header reads, then 1 MiB reads)
only post && { [ -f j/fcst/wrfout_003 ] || { case1 j/fcst; ./wrf114 fcst j/fcst 100 1; }; DXT=1 mpi post L 1 ./wrf114 post j/fcst 4 0; }
# problem (throttled sync mount): rank 0 writes the gathered history in 4 KiB write(2)s; twin: 1 MiB write(2)s
only hist4k && { case1 $T/j/h; mpi hist4k L 4 ./wrf114 hist4k $T/j/h 100 4; case1 $T/j/h; mpi hist4k-1m W 4 ./wrf114 serial $T/j/h 100 4; }
# problem (local): every rank freads the whole 24 MiB wrfbdy at every boundary update (50x); twin: rank 0 reads the slice
only bdyall && { case1 j/b; mpi bdyall L 4 ./wrf114 bdyall j/b 100 4; case1 j/b; mpi bdyall-slice W 4 ./wrf114 fcst j/b 100 4; }
# problem (local): the restart written with an fsync after every 16 KiB variable (128 a rank); twin: one fsync at the end
only rstfsync && { case1 j/r; DXT=1 mpi rstfsync L 4 ./wrf114 rstfsync j/r 100 4; case1 j/r; DXT=1 mpi rstfsync-once W 4 ./wrf114 rstonce j/r 100 4; }
ls -l logs reruns | tail -3
