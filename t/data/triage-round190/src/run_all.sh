#!/bin/bash
# Round 190's runs (labels190): a national lab's mixed batch queue, jobs drawn by lot (draw.py, seed 190).
# Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is), round 169's darshan-big.conf (copied).
# Adapted from round 169's run_all.sh. PASS=lab: labelled logs (logs/r190-NAME) and each problem's twin
# (reruns/r190-labels190-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r190-labels190-PASS-NAME, -PASS-tw-TWIN). Run as root
# after `throttle.sh up`: this script puts itself in the blkio cgroup labels190 (only /dev/loop190 is limited).
# Inputs are made (outside Darshan) by prep below.
R=/tmp/labels190/run; S=/tmp/labels190/src; T=/tmp/labels190/mnt190
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels190/cgroup.procs
cd $R; mkdir -p logs reruns data j
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r190-$1.darshan;; lab:W) echo $R/reruns/r190-labels190-tw-$1.darshan;;
	*:W) echo $R/reruns/r190-labels190-$PASS-tw-$1.darshan;; *) echo $R/reruns/r190-labels190-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
tail_() { echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) -x DXT_ENABLE_IO_TRACE=1 \
		${COMPUTE:+-x COMPUTE=$COMPUTE} "$@"; tail_; }
ser() { name=$1 kind=$2; shift 2; hdr "$name serial: $*"; t0=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$S/darshan-big.conf DARSHAN_LOGFILE=$(logname $name $kind) \
		DXT_ENABLE_IO_TRACE=1 "$@"; tail_; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
# prep (not logged): 8 MiB cross-section library and 1 MiB binary input (local disk); 24 MiB climate history on the mount
[ -f data/xs8.dat ] || ./ser190 gen data/xs8.dat 8
[ -f data/in1.dat ] || ./ser190 gen data/in1.dat 1
[ -f $T/hist.dat ] || ./ser190 gen $T/hist.dat 24
sync
# problem (throttled sync mount): climate post-processing, time means of 8 variables of a 12-record history file
# (record-major, 8 x 256 KiB a record): for each variable it opens the file and reads every 2 MiB record whole
# (8 passes, 192 MiB); twin: one pass, all variables per record
only climpost && { fresh $T/cp; ser climpost L ./ser190 climpost $T/hist.dat $T/cp/means.bin 8 12 pervar;
	fresh $T/cp; ser climpost-onepass W ./ser190 climpost $T/hist.dat $T/cp/means.bin 8 12 onepass; }
# fine (local): Monte Carlo transport, 4 ranks: rank 0 reads the 8 MiB cross-section library once (1 MiB preads) and
# broadcasts it, 30 batches of histories, rank 0 fprintf's 41 tally lines a batch, a 2 MiB mesh tally written by rank 0
only mctrans && { fresh j/mc; COMPUTE=${COMPUTE_MC:-25} mpi mctrans L 4 ./app190 mctrans data/xs8.dat j/mc 30; }
# fine (throttled sync mount): file-per-process checkpointer, 4 ranks, 12 steps, a 4 MiB checkpoint a rank every 4
# steps (1 MiB writes, one fsync, the previous checkpoint unlinked)
only fppckpt && { fresh $T/fp; COMPUTE=${COMPUTE_FP:-100} mpi fppckpt L 4 ./app190 fppckpt $T/fp 12 4 4; }
# problem (throttled sync mount): serial endian converter, 1 MiB input (local) read and written 512 B a call to the
# mount; twin: 1 MiB blocks
only serialutil && { fresh $T/su; ser serialutil L ./ser190 swab data/in1.dat $T/su/out.dat 512;
	fresh $T/su; ser serialutil-1m W ./ser190 swab data/in1.dat $T/su/out.dat 1048576; }
# problem (throttled sync mount): CFD solver output, 4 ranks, 5 fields of 64 interleaved 4 KiB blocks a rank each,
# one independent MPI_File_write_at per block (1280 writes, 5 MiB); twin: a vector view and MPI_File_write_at_all a field
only cfd && { fresh $T/cfd; COMPUTE=${COMPUTE_CFD:-150} mpi cfd L 4 ./app190 cfd $T/cfd/sol.bin 64 5 indep;
	fresh $T/cfd; COMPUTE=${COMPUTE_CFD:-150} mpi cfd-coll W 4 ./app190 cfd $T/cfd/sol.bin 64 5 coll; }
ls -l logs reruns | tail -3
