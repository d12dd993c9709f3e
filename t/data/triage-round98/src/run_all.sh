#!/bin/bash
# Round 98's runs (labels98): bioimage / light-sheet microscopy analysis. Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt
# (used as it is), round 26's darshan-big.conf. PASS=lab: labelled logs (logs/r98-NAME) and each problem's twin
# (reruns/r98-labels98-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r98-labels98-PASS-NAME). Run as root after
# `throttle.sh up`: this script puts itself in the blkio cgroup labels98 (only the loop device is limited).
R=/tmp/labels98/run; S=/tmp/labels98/src; T=/tmp/labels98/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels98/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r98-$1.darshan;; lab:W) echo $R/reruns/r98-labels98-tw-$1.darshan;;
	*:W) echo $R/reruns/r98-labels98-$PASS-tw-$1.darshan;; *) echo $R/reruns/r98-labels98-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
sync
# fine (local): 4 ranks write a 256-slice light-sheet volume as 256 TIFF-like files (8-B header + one 256 KiB write each),
# filtering each slice first; rank 0 writes meta.json through stdio
only slices && { fresh vol; DXT=1 mpi slices L 4 ./app98 slices vol 256 256 200; }
# fine (local): 4 ranks segment z-slabs of that volume, each reading its 64 slices plus a 4-slice halo each side
# (neighbours read the same halo slices), per-tile 2 KiB histogram result, rank 0 merges the 4 results into labels.csv
only segment && { [ -f vol/slice_0255.tif ] || ./app98 slices vol 256 256 0; DXT=1 mpi segment L 4 ./app98 segment vol 256 256 4 200; }
# fine (local): 4 ranks write a 4-level pyramid (16, 4, 1, 0.25 MiB a rank) into one file with collective MPI-IO
only pyramid && { fresh pyr; DXT=1 mpi pyramid L 4 ./app98 pyramid pyr/pyramid.raw 16 40; }
# problem (throttled sync mount): a 16 MiB chunked volume written as 2048 Zarr-like 8 KiB chunk files;
# twin: 1 MiB chunks (16 files)
only zarr && { fresh $T/zarr; mpi zarr L 4 ./app98 zarr $T/zarr 8 16; fresh $T/zarr; mpi zarr-1m W 4 ./app98 zarr $T/zarr 1024 16; }
# problem (throttled sync mount): 4 ranks write their 4 MiB slabs of the label volume into one file in 4 KiB pwrites;
# twin: 1 MiB pwrites
only labels && { rm -f $T/labels.raw; mpi labels L 4 ./app98 labels $T/labels.raw 4 4; rm -f $T/labels.raw; mpi labels-1m W 4 ./app98 labels $T/labels.raw 1024 4; }
ls -l logs reruns | tail -3
