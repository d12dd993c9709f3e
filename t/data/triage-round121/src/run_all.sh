#!/bin/bash
# Round 121's runs (labels121): remote sensing and satellite data processing. Real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf. PASS=lab: labelled logs (logs/r121-NAME) and
# each problem's twin (reruns/r121-labels121-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r121-labels121-PASS-NAME).
# Run as root after `throttle.sh up` and `/usr/bin/python3 src/mkgran.py $R/gran 48` (not logged): this script
# puts itself in the blkio cgroup labels121 (only the loop device is limited).
R=/tmp/labels121/run; S=/tmp/labels121/src; T=/tmp/labels121/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels121/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r121-$1.darshan;; lab:W) echo $R/reruns/r121-labels121-tw-$1.darshan;;
	*:W) echo $R/reruns/r121-labels121-$PASS-tw-$1.darshan;; *) echo $R/reruns/r121-labels121-$PASS-$1.darshan;; esac; }
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
out() { rm -rf $1; mkdir -p $1; }
G=$R/gran
sync
# fine (local): 4 ranks read 48 granules of 4 MiB (1 MiB reads, a file each), stdio quality log of 64 records a
# granule per rank, then one collective 4x4 MiB mosaic write (MPI_File_write_at_all)
only farm && { out o/farm; DXT=1 mpi farm L 4 ./app121 $G 48 stdio coll o/farm 4 0; }
# fine (local): python ThreadPool(4) reprojection: 8 MiB lookup table read once, 48 granules read whole, 48 tiles written
only reproj && { out o/reproj; one reproj L /usr/bin/python3 $S/reproj121.py $G/lut.i32 $G 48 o/reproj; }
# fine (throttled sync mount): the same farm with its quality logs and mosaic on the slow mount, 16 MiB mosaic collective
only slowfarm && { out $T/o/sf; DXT=1 mpi slowfarm L 4 ./app121 $G 48 stdio coll $T/o/sf 4 0; }
# problem (local): every quality record written with write(2)+fsync (3072 fsyncs); twin: stdio, no fsync
only qfsync && { out o/qf; DXT=1 mpi qfsync L 4 ./app121 $G 48 fsync coll o/qf 4 0;
	out o/qf; DXT=1 mpi qfsync-stdio W 4 ./app121 $G 48 stdio coll o/qf 4 0; }
# problem (throttled sync mount): the mosaic written row by row, 4 KiB pwrite(2) per tile row into the shared file
# (4096 writes); twin: one collective write of each rank's 4 MiB tile
only tilerows && { out $T/o/tr; mpi tilerows L 4 ./app121 $G 48 stdio rows $T/o/tr 4 4096;
	out $T/o/tr; mpi tilerows-coll W 4 ./app121 $G 48 stdio coll $T/o/tr 4 0; }
ls -l logs reruns | tail -3
