#!/bin/bash
# Round 168's runs (labels168): microscopy bioimage analysis with zarr-like chunk stores. Real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf (copied from rounds 146/158). Adapted from round
# 158's run_all.sh (and round 146's `one` for the Python run). PASS=lab: labelled logs (logs/r168-NAME) and each problem's
# twin (reruns/r168-labels168-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r168-labels168-PASS-NAME). Run as root after
# `throttle.sh up`: this script puts itself in the blkio cgroup labels168 (only the loop device is limited). Input stores
# are made (outside Darshan) by prep below.
R=/tmp/labels168/run; S=/tmp/labels168/src; T=/tmp/labels168/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels168/cgroup.procs
cd $R; mkdir -p logs reruns data j
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r168-$1.darshan;; lab:W) echo $R/reruns/r168-labels168-tw-$1.darshan;;
	*:W) echo $R/reruns/r168-labels168-$PASS-tw-$1.darshan;; *) echo $R/reruns/r168-labels168-$PASS-$1.darshan;; esac; }
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
fresh() { rm -rf $1; mkdir -p $(dirname $1); }
# prep (not logged): a 4096x4096 uint16 image store in 512x512 chunks (64 files of 512 KiB) on local disk and a copy on
# the throttled mount; a 2048x2048 one (16 chunks); its label-mask store (from seg, not logged); a raw 16-plane
# 1024x1024 uint16 volume (32 MiB)
NP4="mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np 4"
[ -d data/img4k ] || ./app168 gen data/img4k 4096 4096 512
[ -d data/img2k ] || ./app168 gen data/img2k 2048 2048 512
[ -d data/mask4k ] || $NP4 ./app168 seg data/img4k data/mask4k
[ -f data/vol.raw ] || ./app168 raw data/vol.raw 16 1024 1024
[ -d $T/img4k ] || cp -r data/img4k $T/img4k
sync
# fine (local): 4 ranks, uneven chunk ranges (14/16/16/18 of 64), every rank reads .zarray, each reads its 512 KiB
# chunks, thresholds and labels cells, writes a 256 KiB uint8 mask chunk per chunk; rank 0 writes the mask store's
# .zarray/.zattrs and a 65-line counts.csv
only seg && { fresh j/seg; DXT=1 mpi seg L 4 ./app168 seg data/img4k j/seg; }
# fine (throttled sync mount, input dropped from the page cache first): 4 ranks, uneven ranges, read 512 KiB level-0
# chunks, 2x2 mean into 128 KiB level-1 chunk files; rank 0 gathers level 1 (MPI_Reduce) and writes 16 level-2 chunks
only pyramid && { fresh $T/pyr; ./app168 drop $T/img4k; DXT=1 mpi pyramid L 4 ./app168 pyramid $T/img4k $T/pyr; }
# fine (local): serial pure-Python QC of the segmentation: both stores' .zarray, 64 image chunks + 64 mask chunks read
# whole, per-chunk stats to qc.csv and qc.json
only qc && { fresh j/qc; DXT=1 one qc L /usr/bin/python3 $S/qc168.py data/img4k data/mask4k j/qc; }
# problem (throttled sync mount): 4 ranks label the 2048x2048 image and write the mask store in 64x64 chunks: 1024
# files of 4 KiB, each created, written and closed on the sync mount; twin: the same mask in 512x512 chunks (16 files)
only masks && { fresh $T/m; DXT=1 mpi masks L 4 ./app168 masks data/img2k $T/m 64;
	fresh $T/m; DXT=1 mpi masks-big W 4 ./app168 masks data/img2k $T/m 512; }
# problem (local): training-patch sampler, 4 ranks each take 12288 random 32x32 patches from their 4 planes of a raw
# uint16 volume with one 64-B pread per patch row (393216 a rank); patches written collectively (96 MiB); twin: each
# rank reads its 8 MiB of planes in 4 MiB preads and cuts the patches in memory
only patches && { rm -f j/p.bin; mpi patches L 4 ./app168 patches data/vol.raw 16 1024 1024 12288 row j/p.bin;
	rm -f j/p.bin; mpi patches-slab W 4 ./app168 patches data/vol.raw 16 1024 1024 12288 slab j/p.bin; }
ls -l logs reruns | tail -3
