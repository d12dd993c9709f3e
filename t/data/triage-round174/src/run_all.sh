#!/bin/bash
# Round 174's runs (labels174): optical astronomy survey pipelines (FITS images, calibration frames, coadds,
# catalogues, per-exposure metadata, a final mosaic). Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it
# is), round 169's darshan-big.conf. Adapted from round 169's run_all.sh. PASS=lab: labelled logs (logs/r174-NAME) and
# each problem's twin (reruns/r174-labels174-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r174-labels174-PASS-NAME).
# Run as root after `throttle.sh up`: this script puts itself in the blkio cgroup labels174 (only the loop device is
# limited). Inputs (16 exposures + bias + flat, FITS 1024x1024 float32, 4199040 B each) are made outside Darshan.
R=/tmp/labels174/run; S=/tmp/labels174/src; T=/tmp/labels174/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels174/cgroup.procs
cd $R; mkdir -p logs reruns data
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r174-$1.darshan;; lab:W) echo $R/reruns/r174-labels174-tw-$1.darshan;;
	*:W) echo $R/reruns/r174-labels174-$PASS-tw-$1.darshan;; *) echo $R/reruns/r174-labels174-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) -x DXT_ENABLE_IO_TRACE=1 \
		-x COMPUTE=$COMPUTE "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1 $1/meta; sync; }
for i in $(seq 0 15); do f=data/exp$(printf %02d $i).fits; [ -f $f ] || ./app174 gen $f $i; done
[ -f data/bias.fits ] || ./app174 gen data/bias.fits 100; [ -f data/flat.fits ] || ./app174 gen data/flat.fits 101
sync
# fine (inputs local, mosaic on the throttled sync mount): 4 ranks each read bias+flat (every rank needs all of them)
# and its 4 exposures (2880-B header pread + one 4 MiB pread each), coadd, write its 4 MiB tile of mosaic.fits with
# MPI_File_write_at_all (rank 0 also writes the header and the end padding); rank 0 logs 50 fprintf lines an exposure
only coadd && { fresh $T/c; COMPUTE=100 mpi coadd L 4 ./app174 coadd data $T/c 4; }
# fine: 4 ranks read their 4 exposures, detect sources (20-29k rows a rank), write the catalogue as one FITS binary
# table with MPI_File_write_at_all (64-B rows); each rank writes a ~450-B metadata JSON per exposure (16 files); rank
# 0 writes summary.csv (fprintf)
only catfits && { fresh $T/f; COMPUTE=100 mpi catfits L 4 ./app174 catfits data $T/f 4; }
# fine: 8 ranks, uneven work (1-1.45x), each writes its 2 MiB strip of mosaic.fits with one POSIX pwrite (no MPI-IO)
only mosaic8 && { fresh $T/m8; UNEVEN=1 COMPUTE=150 mpi mosaic8 L 8 -x UNEVEN=1 ./app174 mosaic data $T/m8 512 strip; }
# problem: 4 ranks write their 2 MiB strips one 4-KiB image row per pwrite (2048 writes) on the sync mount; twin:
# one pwrite a strip
only mosaicrows && { fresh $T/mr; COMPUTE=200 mpi mosaicrows L 4 ./app174 mosaic data $T/mr 512 row;
	fresh $T/mr; COMPUTE=200 mpi mosaicrows-strip W 4 ./app174 mosaic data $T/mr 512 strip; }
# problem: 4 ranks write their catalogue CSV (600 sources each) with fprintf + fflush after every row on the sync
# mount; twin: the same without the per-row fflush (stdio's default buffer)
only catflush && { fresh $T/cf; COMPUTE=200 mpi catflush L 4 ./app174 catflush data $T/cf 600 flush;
	fresh $T/cf; COMPUTE=200 mpi catflush-buf W 4 ./app174 catflush data $T/cf 600 buf; }
ls -l logs reruns | tail -3
