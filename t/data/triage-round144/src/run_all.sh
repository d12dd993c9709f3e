#!/bin/bash
# Round 144's runs (labels144): atmospheric chemistry / air-quality models. Real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf. PASS=lab: labelled logs (logs/r144-NAME) and
# each problem's twin (reruns/r144-labels144-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r144-labels144-PASS-NAME). Run as
# root after `throttle.sh up`: this script puts itself in the blkio cgroup labels144 (only the loop device is limited).
# Inputs (local, made once, not under Darshan): `app144 mkemis $R/emis 48 16 32768` (48 hourly emission files,
# 16 species x 128 KiB) and a 256 KiB mechanism table `head -c 262144 /dev/urandom > $R/emis/mech.tbl`.
R=/tmp/labels144/run; S=/tmp/labels144/src; T=/tmp/labels144/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels144/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r144-$1.darshan;; lab:W) echo $R/reruns/r144-labels144-tw-$1.darshan;;
	*:W) echo $R/reruns/r144-labels144-$PASS-tw-$1.darshan;; *) echo $R/reruns/r144-labels144-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
job() { rm -rf $1; mkdir -p $1; }
sync
# fine (local): 4 ranks, 24 simulated hours x 16 species, collective hourly CONC, per-rank diag log, one daily restart
only cmaq && { job j/cq; mpi cmaq L 4 $S/app144 run emis j/cq 24 16 32768 coll; }
# fine (local): 8 ranks, 2 simulated days (48 hourly files read and written, 2 restarts)
only cmaq8 && { job j/c8; mpi cmaq8 L 8 $S/app144 run emis j/c8 48 16 32768 coll; }
# fine (local): 4 ranks, 24 hours, CONC slabs as independent 32 KiB POSIX pwrites into the shared hourly file
only cmaqpx && { job j/px; mpi cmaqpx L 4 $S/app144 run emis j/px 24 16 32768 posix; }
# problem (local): as cmaqpx but every rank fsyncs the CONC file after each species slab (1536 fsyncs); twin: no fsync
only concfsync && { job j/fs; mpi concfsync L 4 $S/app144 run emis j/fs 24 16 32768 fsync; job j/fs; mpi concfsync-nosync W 4 $S/app144 run emis j/fs 24 16 32768 posix; }
# problem (throttled sync mount): CONC slabs written row by row, 1 KiB pwrites (6144 over 3 hours); twin: one pwrite a slab
only concrows && { job $T/j/rw; mpi concrows L 4 $S/app144 run emis $T/j/rw 3 16 32768 rows; job $T/j/rw; mpi concrows-slab W 4 $S/app144 run emis $T/j/rw 3 16 32768 posix; }
ls -l logs reruns | tail -3
