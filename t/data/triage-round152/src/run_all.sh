#!/bin/bash
# Round 152's runs (labels152): geospatial raster tiling and GIS batch processing. Real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf (copied from round 146). PASS=lab: labelled logs
# (logs/r152-NAME) and each problem's twin (reruns/r152-labels152-tw-TWIN); PASS=ab1|ab2: reruns
# (reruns/r152-labels152-PASS-NAME). Run as root after `throttle.sh up` and prep (see README): this script puts itself in
# the blkio cgroup labels152 (only the loop device is limited).
R=/tmp/labels152/run; S=/tmp/labels152/src; T=/tmp/labels152/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels152/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r152-$1.darshan;; lab:W) echo $R/reruns/r152-labels152-tw-$1.darshan;;
	*:W) echo $R/reruns/r152-labels152-$PASS-tw-$1.darshan;; *) echo $R/reruns/r152-labels152-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} \
		${COMPUTE:+-x COMPUTE=$COMPUTE} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
one() { name=$1 kind=$2; shift 2; hdr "$name: $*"; t0=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$S/darshan-big.conf DARSHAN_LOGFILE=$(logname $name $kind) \
		${DXT:+DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
sync
# fine (local): 4 ranks build a 2x overview of a 4096x4096 float32 DEM (64 MiB): each rank reads its row strip in 4 MiB
# preads, averages 2x2 cells, pwrites its overview strip at its offset of the shared overview file in 1 MiB writes
only pyramid && { rm -f j/dem_ov2.f32; mkdir -p j; DXT=1 mpi pyramid L 4 ./app152 pyramid data/dem.f32 4096 4096 j/dem_ov2.f32; }
# fine (local): 4 ranks mosaic 16 orthophoto tiles of 4 MiB: rank 0 alone reads the 96-B footprint index records (16
# preads) and broadcasts them, every rank reads its 4 tiles whole, rank 0 writes a small VRT with fprintf
only mosaic && { rm -f data/mosaic/mosaic.vrt; DXT=1 mpi mosaic L 4 ./app152 mosaic data/mosaic 16 4194304; }
# fine (local): serial numpy batch: 4 scenes, red + NIR bands of 4 Mi float32 read whole (fromfile), NDVI written whole
# (tofile) and a .aux.xml statistics sidecar written line by line
only ndvi && { rm -f data/scenes/*NDVI*; DXT=1 one ndvi L /usr/bin/python3 $S/ndvi152.py $R/data/scenes 4 4194304; }
# problem (throttled sync mount): 2 ranks render 300 map tiles of 16 KiB each into an XYZ tile cache, one file per tile
# (14/x/y.bin, a directory per column of 32): 600 creates; twin: the same tiles into one pack archive per rank, 1 MiB
# writes + index
only tiles && { fresh $T/tc; mkdir -p $T/tc/14; mpi tiles L 2 ./app152 tiles $T/tc 300 16384 files;
	fresh $T/tc; mkdir -p $T/tc/14; mpi tiles-pack W 2 ./app152 tiles $T/tc 300 16384 pack; }
# problem (raster on the throttled mount, page cache dropped for the file at start): 4 ranks compute zonal statistics
# over 32x32 windows of an 8192x4096 float32 orthophoto (128 MiB), each window read one 128-B row segment per pread
# (1 Mi preads); twin: each rank reads whole 32-row bands (512 KiB) and cuts the windows in memory
only window && { mpi window L 4 ./app152 window $T/ortho.f32 8192 4096 32 rows; mpi window-band W 4 ./app152 window $T/ortho.f32 8192 4096 32 band; }
ls -l logs reruns | tail -3
