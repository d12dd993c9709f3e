#!/bin/bash
# Round 170's runs (labels170): seismic imaging, reverse-time migration (RTM).
# Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is), round 169's darshan-big.conf (copied).
# Adapted from round 169's run_all.sh. PASS=lab: labelled logs (logs/r170-NAME) and the twins
# (reruns/r170-labels170-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r170-labels170-PASS-NAME, -PASS-tw-TWIN).
# Run as root after `throttle.sh up`: this script puts itself in the blkio cgroup labels170 (only the loop devices
# are limited). Inputs are made (outside Darshan) by prep below; inputs are made cold (fdatasync + fadvise DONTNEED,
# `app170 cold`, outside Darshan) before every run that reads them.
R=/tmp/labels170/run; S=/tmp/labels170/src; T=/tmp/labels170/mnt; A=/tmp/labels170/mnta
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels170/cgroup.procs
cd $R; mkdir -p logs reruns data j
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r170-$1.darshan;; lab:W) echo $R/reruns/r170-labels170-tw-$1.darshan;;
	*:W) echo $R/reruns/r170-labels170-$PASS-tw-$1.darshan;; *) echo $R/reruns/r170-labels170-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) -x DXT_ENABLE_IO_TRACE=1 \
		${COMPUTE:+-x COMPUTE=$COMPUTE} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
# prep (not logged): four 480-trace shot gathers (3600-B file header, traces of 240 B + 1000 floats = 4240 B; 2.0 MB
# each) and one 8000-trace shot (33.9 MB), on the unsynced throttled mount
mkdir -p $A/in
for i in 0 1 2 3; do [ -f $A/in/shot_$i.sgy ] || ./app170 gen $A/in/shot_$i.sgy 480 1000 $i; done
[ -f $A/in/big.sgy ] || ./app170 gen $A/in/big.sgy 8000 1000 9
sync
cold() { ./app170 cold "$@"; }
# fine (unsynced throttled mount): RTM, one shot a rank (4), 1000 steps on 512 x 256, the shot read whole (3600-B
# header, then one 2 MB read), a 512 KiB snapshot every 10 steps written to a per-rank scratch file, read back in
# reverse order in the backward pass; the image stacked by MPI_Reduce and written by rank 0 in one write; rank 0 fprintf log
only rtm && { fresh $A/s; fresh j/r; cold $A/in/shot_*.sgy; COMPUTE=2 mpi rtm L 4 ./app170 rtm $A/in $A/s j/r 1000 10 512 256; }
# fine (sync throttled mount for the scratch, input on the unsynced one): one shot domain-decomposed over 8 ranks, each
# reads its 1000 traces (4.2 MB) with one MPI_File_read_at_all; 80 snapshots of 1 MiB (128 KiB a rank) to one shared
# scratch file with MPI_File_write_at_all, read back in reverse with MPI_File_read_at_all; image written collectively
only rtmcoll && { fresh $T/s; fresh j/c; cold $A/in/big.sgy; mpi rtmcoll L 8 ./app170 rtmcoll $A/in/big.sgy $T/s j/c 800 10 1024 256; }
# fine (unsynced throttled mount, cold file): 4 ranks read the 8000-trace shot round-robin, trace by trace: a 240-B
# header pread then a 4000-B samples pread (kernel readahead serves them); twin: contiguous blocks in 4 MiB preads
only tracerd && { cold $A/in/big.sgy; COMPUTE=150 mpi tracerd L 4 ./app170 traces $A/in/big.sgy rr;
	cold $A/in/big.sgy; COMPUTE=150 mpi tracerd-block W 4 ./app170 traces $A/in/big.sgy block; }
# problem (sync throttled mount): the migrated image written as a 1200-trace SEG-Y file, each rank its 300 traces,
# trace by trace: a 240-B header pwrite and a 4000-B samples pwrite; twin: one pwrite of each rank's block
only segyout && { fresh $T/o; COMPUTE=100 mpi segyout L 4 ./app170 segyout $T/o/image.sgy 1200 1000 trace;
	fresh $T/o; COMPUTE=100 mpi segyout-block W 4 ./app170 segyout $T/o/image.sgy 1200 1000 block; }
# problem (scratch on the sync throttled mount): RTM with one scratch file per snapshot (200 snapshots of 36 KiB a
# rank, 96 x 96, every 3rd of 600 steps: 800 files), each read back in reverse order and unlinked; twin: one scratch
# file a rank
only snapstorm && { fresh $T/s; fresh j/t; cold $A/in/shot_*.sgy; mpi snapstorm L 4 -x SNAPFILES=1 ./app170 rtm $A/in $T/s j/t 600 3 96 96;
	fresh $T/s; fresh j/t; cold $A/in/shot_*.sgy; mpi snapstorm-perrank W 4 ./app170 rtm $A/in $T/s j/t 600 3 96 96; }
# problem (unsynced throttled mount): RTM as rtm (COMPUTE 1) with an fsync of the scratch file after every snapshot;
# twin: no fsync
only snapfsync && { fresh $A/s; fresh j/f; cold $A/in/shot_*.sgy; mpi snapfsync L 4 -x FSYNC=1 ./app170 rtm $A/in $A/s j/f 1000 10 512 256;
	fresh $A/s; fresh j/f; cold $A/in/shot_*.sgy; mpi snapfsync-nosync W 4 ./app170 rtm $A/in $A/s j/f 1000 10 512 256; }
ls -l logs reruns | tail -3
