#!/bin/bash
# Round 158's runs (labels158): sensor time-series ingestion and windowed aggregation. Real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf (copied from round 146). Adapted from round 146's
# run_all.sh. PASS=lab: labelled logs (logs/r158-NAME) and each problem's twin (reruns/r158-labels158-tw-TWIN);
# PASS=ab1|ab2: reruns (reruns/r158-labels158-PASS-NAME). Run as root after `throttle.sh up`: this script puts itself in
# the blkio cgroup labels158 (only the loop device is limited). Input series are made (outside Darshan) by prep below.
R=/tmp/labels158/run; S=/tmp/labels158/src; T=/tmp/labels158/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels158/cgroup.procs
cd $R; mkdir -p logs reruns data
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r158-$1.darshan;; lab:W) echo $R/reruns/r158-labels158-tw-$1.darshan;;
	*:W) echo $R/reruns/r158-labels158-$PASS-tw-$1.darshan;; *) echo $R/reruns/r158-labels158-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} \
		${COMPUTE:+-x COMPUTE=$COMPUTE} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
# prep (not logged): 64 MiB series (65536 steps x 256 sensors float32) on local disk and on the throttled mount,
# 16 MiB series (16384 x 256) on local disk
[ -f data/s64.f32 ] || ./app158 gen data/s64.f32 65536 256
[ -f data/s16.f32 ] || ./app158 gen data/s16.f32 16384 256
[ -f $T/s64.f32 ] || dd if=data/s64.f32 of=$T/s64.f32 bs=4M status=none
sync
# fine (local): 4 ranks read their 16 MiB time block of the 64 MiB series in 4 MiB MPI-IO reads, compute per-window
# (64 steps) mean/min/max/std of each sensor, write them collectively to one file; rank 0 writes a 1025-line CSV summary
only agg && { fresh j/agg; COMPUTE=2 DXT=1 mpi agg L 4 ./app158 agg data/s64.f32 j/agg 65536 256 64; }
# fine (throttled sync mount, input dropped from the page cache first): 4 ranks, uneven blocks (20/24/26/30 %), each
# reads its block plus the 63-row halo before it in 2 MiB preads, sliding 64-step means every 8 steps written with
# MPI_File_write_at in 1 MiB pieces to one file
only halo && { fresh $T/h; ./app158 drop $T/s64.f32; COMPUTE=2 DXT=1 mpi halo L 4 ./app158 halo $T/s64.f32 $T/h 65536 256 64; }
# problem (local): 4 ranks each aggregate 64 of the 256 sensors, reading every value with its own 4-B pread (strided
# by the 1 KiB row); twin: 1 MiB preads of whole rows, columns picked in memory
only colpick && { fresh j/col; mpi colpick L 4 ./app158 col data/s16.f32 j/col 16384 256 64 value;
	fresh j/col; mpi colpick-block W 4 ./app158 col data/s16.f32 j/col 16384 256 64 block; }
# problem (local): serial ingest of 6000 sensor readings as 48-B text lines, write + fsync of every record, window
# aggregates every 100 records to a CSV; twin: fsync every 1000 records
only ingest && { fresh j/ing; mpi ingest L 1 ./app158 logger j/ing 6000 fsync; fresh j/ing; mpi ingest-batch W 1 ./app158 logger j/ing 6000 batch; }
ls -l logs reruns | tail -3
