#!/bin/bash
# Round 159's runs (labels159): cosmology N-body simulation: particle snapshots, halo finding and merger trees. Real
# Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf (copied from round 158).
# Adapted from round 158's run_all.sh. PASS=lab: labelled logs (logs/r159-NAME) and each problem's twin
# (reruns/r159-labels159-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r159-labels159-PASS-NAME). Run as root after
# `throttle.sh up`: this script puts itself in the blkio cgroup labels159 (only the loop device is limited). Inputs
# (a 64 MiB snapshot, 64 halo catalogs) are made (outside Darshan) by prep below.
R=/tmp/labels159/run; S=/tmp/labels159/src; T=/tmp/labels159/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels159/cgroup.procs
cd $R; mkdir -p logs reruns data
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r159-$1.darshan;; lab:W) echo $R/reruns/r159-labels159-tw-$1.darshan;;
	*:W) echo $R/reruns/r159-labels159-$PASS-tw-$1.darshan;; *) echo $R/reruns/r159-labels159-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} \
		${COMPUTE:+-x COMPUTE=$COMPUTE} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
# prep (not logged): a 64 MiB snapshot of 2097152 particles (256-B header, pos, vel, id blocks) on the throttled mount;
# 16 snapshots x 4 domains of halo catalogs (64 files of 37-58 KB, 72-B halos) on local disk
[ -f data/snap.bin ] || ./app159 gen data/snap.bin 2097152
[ -f $T/snap.bin ] || dd if=data/snap.bin of=$T/snap.bin bs=4M status=none
[ -f data/cat/cat_015.3 ] || { mkdir -p data/cat; ./app159 gencat data/cat 16 4 750; }
sync
# fine (local): 4 ranks with uneven domains (20/23/27/30 % of 2097152 particles) write a Gadget-like snapshot: rank 0
# the 256-B header (MPI_File_write_at), every rank its pos, vel and id pieces (3 MPI_File_write_at_all); rank 0 writes
# a 42-line text .info file (35 fprintf calls)
only snap && { fresh j/snap; DXT=1 mpi snap L 4 ./app159 snap j/snap/snap_010.bin 2097152; }
# fine (throttled sync mount, input dropped from the page cache first): 4 ranks, uneven slabs (22/24/26/28 %), each
# reads the header (256 B), its slab of positions plus a 5 % ghost zone of the next slab, and its IDs in 2 MiB preads;
# FOF stand-in; one write of its halo catalog a rank file; rank 0 writes a 41-line mass-function CSV
only halofind && { fresh $T/h; ./app159 drop $T/snap.bin; COMPUTE=10 DXT=1 mpi halofind L 4 ./app159 halofind $T/snap.bin $T/h; }
# fine (local): 4 ranks each read the catalogs of their domain of 16 snapshots (16 files of 37-58 KB, one pread each),
# link progenitors, write the trees with one MPI_File_write_at_all; rank 0 writes a 4-line forest index
only mtree && { fresh j/tree; COMPUTE=3 DXT=1 mpi mtree L 4 ./app159 mtree data/cat 16 j/tree/trees.bin; }
# problem (throttled sync mount): on-the-fly halo finder, 4 ranks each write a 600-halo catalog with one 72-B write(2)
# a halo; twin: the catalog built in memory, one 43200-B write a rank
only hcat && { fresh $T/hc; mpi hcat L 4 ./app159 hcat $T/hc 600 per; fresh $T/hc; mpi hcat-buf W 4 ./app159 hcat $T/hc 600 buf; }
# problem (local): 2 ranks dump 1000000 particles each as ASCII, one fprintf line a particle (~67 MB a rank); twin:
# binary pos/vel/id arrays in 4 MiB write(2) calls (32 MB a rank)
only ascii && { fresh j/asc; mpi ascii L 2 ./app159 ascii j/asc 1000000 txt; fresh j/asc; mpi ascii-bin W 2 ./app159 ascii j/asc 1000000 bin; }
ls -l logs reruns | tail -3
