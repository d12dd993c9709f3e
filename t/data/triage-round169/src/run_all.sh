#!/bin/bash
# Round 169's runs (labels169): quantum Monte Carlo: walker populations, per-block checkpoints and estimator logs.
# Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf (copied from round
# 158). Adapted from round 158's run_all.sh. PASS=lab: labelled logs (logs/r169-NAME) and each problem's twin
# (reruns/r169-labels169-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r169-labels169-PASS-NAME). Run as root after
# `throttle.sh up`: this script puts itself in the blkio cgroup labels169 (only the loop device is limited).
# Inputs are made (outside Darshan) by prep below.
R=/tmp/labels169/run; S=/tmp/labels169/src; T=/tmp/labels169/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels169/cgroup.procs
cd $R; mkdir -p logs reruns data j
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r169-$1.darshan;; lab:W) echo $R/reruns/r169-labels169-tw-$1.darshan;;
	*:W) echo $R/reruns/r169-labels169-$PASS-tw-$1.darshan;; *) echo $R/reruns/r169-labels169-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} \
		${COMPUTE:+-x COMPUTE=$COMPUTE} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
# prep (not logged): 16 MiB orbital (spline) table and a 6 MiB restart file of 8192 walkers (768 B each), local disk
[ -f data/orb16.dat ] || ./app169 gen data/orb16.dat 16
[ -f data/restart.dat ] || ./app169 gen data/restart.dat 6
sync
# fine as planned, labelled as a problem from its counters (its estimator log, 4-KiB stdio flushes on the sync mount):
# DMC (throttled sync mount), 4 ranks with uneven walker populations (22/24/26/28 % of 8192, +-2 % a block),
# 6 blocks x 500 steps; after each block every rank writes its walkers with MPI_File_write_at_all to one checkpoint
# file (overwritten each block); rank 0 writes one estimator line a step (fprintf, 3001 lines) to scalar.dat; twin: the same with a 1 MiB stdio buffer
only dmc && { fresh $T/d; COMPUTE=100 DXT=1 mpi dmc L 4 ./app169 dmc $T/d 3000 6 8192;
	fresh $T/d; COMPUTE=100 DXT=1 mpi dmc-estbuf W 4 -x ESTBUF=1048576 ./app169 dmc $T/d 3000 6 8192; }
# fine (throttled sync mount): the same DMC at 8 ranks, 16384 walkers (22/24/26/28 % a rank pair), 5 blocks x 400
# steps, its estimator log through a 1 MiB stdio buffer (one flush a block or so)
only dmc8 && { fresh $T/d8; COMPUTE=50 DXT=1 mpi dmc8 L 8 -x ESTBUF=1048576 ./app169 dmc $T/d8 2000 5 16384; }
# fine (local): VMC, every rank reads the whole 16 MiB orbital table in 4 MiB preads (each needs all of it), its
# quarter of the restart walkers with MPI_File_read_at_all, writes its own estimator file (fprintf, 1500 lines);
# rank 0 writes a small info.xml
only vmc && { fresh j/v; COMPUTE=20 DXT=1 mpi vmc L 4 ./app169 vmc data/orb16.dat data/restart.dat j/v 1500; }
# problem (throttled sync mount): checkpoint with one file per walker per block (4 ranks x 150 walkers x 2 blocks =
# 1200 files of 768 B); twin: one file per rank per block
only storm && { fresh $T/s; DXT=1 mpi storm L 4 ./app169 storm $T/s 150 2 file;
	fresh $T/s; DXT=1 mpi storm-perrank W 4 ./app169 storm $T/s 150 2 rank; }
# problem (throttled sync mount): checkpoint to one shared file per block written walker by walker, one 768-B pwrite
# each (4 ranks x 300 walkers x 2 blocks); twin: one pwrite of each rank's contiguous slice
only walkerpw && { fresh $T/p; DXT=1 mpi walkerpw L 4 ./app169 walkerpw $T/p 300 2 walker;
	fresh $T/p; DXT=1 mpi walkerpw-slice W 4 ./app169 walkerpw $T/p 300 2 slice; }
ls -l logs reruns | tail -3
