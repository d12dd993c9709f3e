#!/bin/bash
# Round 137's runs (labels137): transcriptomics and single-cell analysis. Real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf (as round 83). PASS=lab: labelled logs
# (logs/r137-NAME) and each problem's twin (reruns/r137-labels137-tw-TWIN); PASS=ab1|ab2: reruns
# (reruns/r137-labels137-PASS-NAME). Run as root after `throttle.sh up`: this script puts itself in the blkio
# cgroup labels137 (only the loop device is limited). BLAS runs one thread (the 2-core VM is shared).
R=/tmp/labels137/run; S=/tmp/labels137/src; T=/tmp/labels137/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels137/cgroup.procs
export OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r137-$1.darshan;; lab:W) echo $R/reruns/r137-labels137-tw-$1.darshan;;
	*:W) echo $R/reruns/r137-labels137-$PASS-tw-$1.darshan;; *) echo $R/reruns/r137-labels137-$PASS-$1.darshan;; esac; }
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
fresh() { rm -rf $1; mkdir -p $1; }
sync
# fine (local): rank 0 builds a 32 MiB reference index and writes it once; all 4 ranks read it whole (1 MiB preads),
# map their sample (compute), write a 1 MiB result each
only index && { fresh j/index; DXT=1 mpi index L 4 ./app137 index j/index 32 100000000; }
# fine (local): 8 ranks count 16 samples and write 60000-gene text count files (1.3 MiB), each formatted in memory
# and written by one fwrite
only counts && { fresh j/counts; mpi counts L 8 ./app137 countsb j/counts 16 60000 30000000; }
# fine (local): serial numpy QC pass over a 384-cell plate (one 80 KB .npy a cell, read once), PCA, 2 outputs
only qc && { [ -d plate ] || /usr/bin/python3 $S/qc137.py mk plate 384 20000; DXT=1 one qc L /usr/bin/python3 $S/qc137.py qc plate 384 20000 20; }
# problem (local): the same counting at 4 ranks, each 22-B gene line written by its own write(2) (960000 writes);
# twin: stdio-buffered, fprintf a line
only countsw && { fresh j/cw; mpi countsw L 4 ./app137 countsw j/cw 16 60000 30000000
	fresh j/cw; mpi countsw-stdio W 4 ./app137 counts j/cw 16 60000 30000000; }
# problem (throttled sync mount): per-cell QC results, one ~40-B file a cell (1200 files); twin: one file a rank
only cells && { fresh $T/j/cells; mpi cells L 4 ./app137 cells $T/j/cells 1200 2000 storm
	fresh $T/j/cells; mpi cells-onefile W 4 ./app137 cells $T/j/cells 1200 2000 one; }
# problem (local): serial (1 rank) read of a 6M-entry sparse count matrix as MatrixMarket text (fscanf, 78 MB); twin: the
# same matrix as binary triplets (fread, 72 MB); then column sums and compute
only mtx && { [ -f m.mtx ] || ./app137 mtx m.mtx mktext 6000000 0; [ -f m.bin ] || ./app137 mtx m.bin mkbin 6000000 0
	mpi mtx L 1 ./app137 mtx m.mtx text 0 100000000; mpi mtx-bin W 1 ./app137 mtx m.bin bin 0 100000000; }
ls -l logs reruns | tail -3
