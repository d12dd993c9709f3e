#!/bin/bash
# Round 111's runs (labels111): CFD solvers, OpenFOAM-like cases. Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt
# (used as it is), round 26's darshan-big.conf. PASS=lab: labelled logs (logs/r111-NAME) and each problem's twin
# (reruns/r111-labels111-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r111-labels111-PASS-NAME). Run as root after
# `throttle.sh up`: this script puts itself in the blkio cgroup labels111 (only the loop device is limited).
# Each case is decomposed first without Darshan (app111 decomp), except in the decomp job itself.
R=/tmp/labels111/run; S=/tmp/labels111/src; T=/tmp/labels111/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels111/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r111-$1.darshan;; lab:W) echo $R/reruns/r111-labels111-tw-$1.darshan;;
	*:W) echo $R/reruns/r111-labels111-$PASS-tw-$1.darshan;; *) echo $R/reruns/r111-labels111-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
case_() { rm -rf $1; ./app111 decomp $1 $2 $3; sync; }
sync
# fine (local): serial decomposition (decomposePar-like) of a 32000-cell case into 8 processor dirs: reads the mesh and
# initial fields (11 ASCII files), writes 88 small processorN files
only decomp && { rm -rf c/dec; mkdir -p c/dec; ./app111 decomp c/dec 1 32000 >/dev/null; DXT=1 mpi decomp L 1 ./app111 decomp c/dec 8 4000; }
# fine (local): 8 ranks, 150 iterations, residuals+probes through stdio by rank 0, collated output every 50 (3 files)
only foamcoll && { case_ c/coll 8 4000; DXT=1 mpi foamcoll L 8 ./app111 solve c/coll 150 50 4000 collated stdio; }
# fine (local): 4 ranks, 200 iterations, uncollated output every 50 (4 ranks x 4 times x 6 fields = 96 small files)
only foamunc && { case_ c/unc 4 4000; DXT=1 mpi foamunc L 4 ./app111 solve c/unc 200 50 4000 uncollated stdio; }
# problem (throttled sync mount): uncollated output every iteration, 40 x 4 ranks x 6 fields = 960 small files;
# twin: collated, one file a time step (40)
only storm && { case_ $T/st 4 500; mpi storm L 4 ./app111 solve $T/st 40 1 500 uncollated stdio
	case_ $T/st 4 500; mpi storm-collated W 4 ./app111 solve $T/st 40 1 500 collated stdio; }
# problem (throttled sync mount): rank 0 opens, appends a line, fsyncs and closes residuals and probes every
# iteration (400 x 2); twin: both kept open through stdio
only resfsync && { case_ $T/rf 4 300; DXT=1 mpi resfsync L 4 ./app111 solve $T/rf 400 100 300 collated fsync
	case_ $T/rf 4 300; DXT=1 mpi resfsync-stdio W 4 ./app111 solve $T/rf 400 100 300 collated stdio; }
# problem (throttled sync mount): fields written with one write(2) a cell line (4 ranks x 6 fields x 200 lines of
# 17 B); twin: the same files through stdio
only unbuf && { case_ $T/ub 4 200; mpi unbuf L 4 ./app111 solve $T/ub 20 20 200 unbuf stdio
	case_ $T/ub 4 200; mpi unbuf-stdio W 4 ./app111 solve $T/ub 20 20 200 uncollated stdio; }
ls -l logs reruns | tail -3
