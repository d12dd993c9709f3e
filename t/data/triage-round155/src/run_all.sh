#!/bin/bash
# Round 155's runs (labels155): lidar point-cloud processing (tiling, filtering, gridding). Real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is), darshan-big.conf copied from round 146. PASS=lab: labelled logs
# (logs/r155-NAME) and each problem's twin (reruns/r155-labels155-tw-TWIN); PASS=ab1|ab2: reruns
# (reruns/r155-labels155-PASS-NAME). Run as root after `throttle.sh up`: this script puts itself in the blkio cgroup
# labels155 (only the loop device is limited). Input: `./lidar155 gen j/pts.las 4000000` (untraced, once): 4 Mi-ish
# 20-B points after a 227-B LAS-like header (80 MB) and a 16 MB cell-sorted index j/pts.las.idx.
R=/tmp/labels155/run; S=/tmp/labels155/src; T=/tmp/labels155/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels155/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r155-$1.darshan;; lab:W) echo $R/reruns/r155-labels155-tw-$1.darshan;;
	*:W) echo $R/reruns/r155-labels155-$PASS-tw-$1.darshan;; *) echo $R/reruns/r155-labels155-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
[ -f j/pts.las.idx ] || ./lidar155 gen j/pts.las 4000000
sync
# fine (local): 4 ranks tile the cloud into 4x4 = 16 LAS tiles (2.5 km): each rank reads the 227-B header, then its
# slice with MPI_File_read_at_all in ~4 MiB calls at 227 + 20*i offsets, points exchanged to tile owners (Alltoallv),
# each tile written by its owner as header write + one data write (~5 MB)
only tile && { fresh j/t; DXT=1 mpi tile L 4 ./lidar155 tile j/pts.las j/t 4; }
# fine (local): 4 ranks grid the cloud into a 1024x1024 mean-z DEM: header + collective slice reads as in tile,
# MPI_Reduce of the sums, rank 0 alone writes the raster (64-B header + one 4 MiB write) and an 82-B JSON sidecar
only grid && { DXT=1 mpi grid L 4 ./lidar155 grid j/pts.las j/dem.bin 1024; }
# problem (throttled sync mount): the same tiler with 48x48 = 2304 tiles of ~208 m (~35 KB each: create, 227-B header,
# data write, close per tile); twin: 6x6 = 36 tiles of 1.67 km (~2.2 MB each), same points, same code
only tilemany && { fresh $T/t; mpi tilemany L 4 ./lidar155 tile j/pts.las $T/t 48; fresh $T/t; mpi tilemany-big W 4 ./lidar155 tile j/pts.las $T/t 6; rm -rf $T/t; }
# problem (local): 2 ranks run a statistical outlier filter over the cell-sorted index: each rank reads its half of
# the index (8 MB, one pread), then preads every point (20 B) by id, i.e. 2 M random 20-B reads a rank; kept points
# written collectively to one LAS; twin: the point block read in 8 MiB preads and points looked up in memory
only filt && { mpi filt L 2 ./lidar155 filt j/pts.las j/f.las point; rm -f j/f.las; mpi filt-whole W 2 ./lidar155 filt j/pts.las j/f.las whole; rm -f j/f.las; }
ls -l logs reruns | tail -3
