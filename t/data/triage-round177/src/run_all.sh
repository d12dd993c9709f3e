#!/bin/bash
# Round 177's runs (labels177): hydrology / groundwater (ParFlow/MODFLOW-like). Adapted from round 169's run_all.sh.
# Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf (copied from round
# 169). PASS=lab: labelled logs (logs/r177-NAME) and each problem's twin (reruns/r177-labels177-tw-TWIN);
# PASS=ab1|ab2: reruns (reruns/r177-labels177-PASS-NAME). Run as root after `throttle.sh up`: this script puts itself
# in the blkio cgroup labels177 (only the two loop devices are limited). Inputs are made (outside Darshan) by prep.
R=/tmp/labels177/run; S=/tmp/labels177/src; T=/tmp/labels177/mnt; T2=/tmp/labels177/mnt2
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels177/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r177-$1.darshan;; lab:W) echo $R/reruns/r177-labels177-tw-$1.darshan;;
	*:W) echo $R/reruns/r177-labels177-$PASS-tw-$1.darshan;; *) echo $R/reruns/r177-labels177-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
tail_() { echo "   rc=$1 wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) -x DXT_ENABLE_IO_TRACE=1 \
		${COMPUTE:+-x COMPUTE=$COMPUTE} "$@"; tail_ $?; }
serial() { name=$1; shift; hdr "$name serial: $*"; t0=$(date +%s.%N)
	LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$S/darshan-big.conf DARSHAN_LOGFILE=$(logname $name L) \
		DXT_ENABLE_IO_TRACE=1 "$@"; tail_ $?; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
# prep (not logged): a 16 MiB permeability field on the throttled sync mount
[ -f $T/perm16.pfb ] || ./app177 gen $T/perm16.pfb 16
sync
# fine: ParFlow-like run, 4 ranks (sync mount): every rank reads the whole 16 MiB permeability field once (4 MiB
# preads), 8 steps on a 64x64x64 grid; after each step pressure and saturation (2 MiB each) written to a file per
# variable per step with MPI_File_write_at_all; rank 0 writes 9 CLM lines a step (fprintf); a 4 MiB collective restart
only pfrun && { fresh $T/run; COMPUTE=${C_RUN:-300} mpi pfrun L 4 ./app177 pfrun $T/run $T/perm16.pfb 8 64; }
# fine: serial water-balance post-processing of pfrun's output (16 files of 2 MiB, 1 MiB reads), balance.csv by fprintf
only pfbal && { serial pfbal ./app177 pfbal $T/run 8 $T/run/balance.csv; }
# problem (sync mount): 8 ranks, a new file per rank per variable per step (40 steps x 2 x 8 = 640 files of 32 KiB);
# twin: one shared file per variable for the whole run (a time series), opened once, each step written with
# MPI_File_write_at_all
only pfstorm && { fresh $T/st; COMPUTE=${C_ST:-20} mpi pfstorm L 8 ./app177 pfstorm $T/st 40 8 file;
	fresh $T/st; COMPUTE=${C_ST:-20} mpi pfstorm-series W 8 ./app177 pfstorm $T/st 40 8 series; }
# problem (sync mount): 4 ranks, pressure and saturation to one shared file per variable per step through POSIX,
# one 512-B pwrite per grid row (64x64x8 grid, 3 steps: 6 files x 128 rows a rank); twin: one pwrite of each rank's slab
only pfrow && { fresh $T/rw; COMPUTE=${C_ROW:-100} mpi pfrow L 4 ./app177 pfrow $T/rw 3 8 row;
	fresh $T/rw; COMPUTE=${C_ROW:-100} mpi pfrow-slab W 4 ./app177 pfrow $T/rw 3 8 slab; }
# problem (default-mount, page cache): 4 ranks, CLM coupling log per rank, one record per column per step with
# write()+fsync (10 steps x 40 columns = 400 fsyncs a rank); twin: one write+fsync per step
only pfclm && { fresh $T2/clm; COMPUTE=${C_CLM:-200} mpi pfclm L 4 ./app177 pfclm $T2/clm 10 40 rec;
	fresh $T2/clm; COMPUTE=${C_CLM:-200} mpi pfclm-step W 4 ./app177 pfclm $T2/clm 10 40 step; }
ls -l logs reruns | tail -3
