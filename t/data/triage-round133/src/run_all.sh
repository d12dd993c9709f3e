#!/bin/bash
# Round 133's runs (labels133): video and image processing. Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt
# (used as it is), round 26's darshan-big.conf. PASS=lab: labelled logs (logs/r133-NAME) and each problem's twin
# (reruns/r133-labels133-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r133-labels133-PASS-NAME). Run as root after
# `throttle.sh up`: this script puts itself in the blkio cgroup labels133 (only the loop device is limited).
R=/tmp/labels133/run; S=/tmp/labels133/src; T=/tmp/labels133/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PY=/usr/bin/python3
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels133/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r133-$1.darshan;; lab:W) echo $R/reruns/r133-labels133-tw-$1.darshan;;
	*:W) echo $R/reruns/r133-labels133-$PASS-tw-$1.darshan;; *) echo $R/reruns/r133-labels133-$PASS-$1.darshan;; esac; }
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
# the container: 128 MiB of seeded random bytes (frames of 1 MiB or 256 KiB), on local disk
[ -f video.bin ] || $PY -c 'import numpy as np; np.random.default_rng(133).integers(0,256,128<<20,dtype=np.uint8).tofile("video.bin")'
sync
# fine (local): 4 ranks seek to their keyframes (frame i % 4 == rank) of the 128 MiB container, one 1 MiB read a frame,
# decode (compute), write each decoded frame downscaled (256 KiB) to its own file: 128 frame files
only decode && { fresh o/decode; DXT=1 mpi decode L 4 ./app133 decode video.bin 128 1024 o/decode 12; }
# fine (local): 8 ranks render 1024x1024 RGBA tiles (4 MiB) of a 4x2 mosaic and write them with one collective write
only mosaic && { fresh o/mosaic; DXT=1 mpi mosaic L 8 ./app133 mosaic o/mosaic/mosaic.raw 1024 8 coll; }
# fine (local): serial numpy thumbnailer, 200 frames of 256 KiB read in order, 200 thumbnail files, manifest at the end
only thumbs && { fresh o/thumbs; DXT=1 one thumbs L $PY $S/thumbs133.py video.bin 200 256 o/thumbs 5 end; }
# problem (local): the decode job writing each decoded frame as a text P3 image, one fprintf per sample (128 files of
# ~700 KB); twin: the same frames as raw binary with one write(2) (the decode job above, under the twin's name)
only ppm && { fresh o/ppm; DXT=1 mpi ppm L 4 ./app133 decode video.bin 128 1024 o/ppm 12 ppm;
	fresh o/ppm; DXT=1 mpi ppm-raw W 4 ./app133 decode video.bin 128 1024 o/ppm 12 raw; }
# problem (throttled sync mount): 8 ranks write their 256x256 tiles of the mosaic one 1 KiB row at a time
# (independent MPI_File_write_at); twin: one collective write through a subarray view
only tiles && { fresh $T/tiles; DXT=1 mpi tiles L 8 ./app133 mosaic $T/tiles/mosaic.raw 256 3 rows;
	fresh $T/tiles; DXT=1 mpi tiles-coll W 8 ./app133 mosaic $T/tiles/mosaic.raw 256 3 coll; }
# problem (outputs on the throttled sync mount): the thumbnailer rewrites and fsyncs the whole JSON manifest after
# every one of 300 frames; twin: manifest written once at the end
only manifest && { fresh $T/man; DXT=1 one manifest L $PY $S/thumbs133.py video.bin 300 256 $T/man 4 every;
	fresh $T/man; DXT=1 one manifest-end W $PY $S/thumbs133.py video.bin 300 256 $T/man 4 end; }
ls -l logs reruns | tail -3
