#!/bin/bash
# Round 115's runs (labels115): cosmology N-body I/O. Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt
# (used as it is), round 26's darshan-big.conf. PASS=lab: labelled logs (logs/r115-NAME) and each problem's twin
# (reruns/r115-labels115-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r115-labels115-PASS-NAME). Run as root after
# `throttle.sh up`: this script puts itself in the blkio cgroup labels115 (only the loop device is limited).
R=/tmp/labels115/run; S=/tmp/labels115/src; T=/tmp/labels115/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels115/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r115-$1.darshan;; lab:W) echo $R/reruns/r115-labels115-tw-$1.darshan;;
	*:W) echo $R/reruns/r115-labels115-$PASS-tw-$1.darshan;; *) echo $R/reruns/r115-labels115-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
M="mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none"
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	$M -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
d() { rm -rf $1; mkdir -p $1; }
sync
# fine (local): 8 ranks, Gadget-like snapshot in 2 files, the 4 ranks of a group write their file in turn (token),
# 256-B header + record markers by the group's first/last rank; rank 0 writes a 28 KB stdio halo catalogue
only snap && { d j/snap; DXT=1 mpi snap L 8 ./app115 snap j/snap 262144 40 2; }
# fine (local): 8 ranks read the 64 MiB IC file: every rank the 256-B header, then its slices (MPI-IO independent)
only ics && { [ -f j/ics/ics.dat ] || { d j/ics; $M -np 8 ./app115 snap j/ics 262144 0 1 && mv j/ics/snapshot_000.0 j/ics/ics.dat; }
	DXT=1 mpi ics L 8 ./app115 ics j/ics 262144 60 0; }
# fine (throttled mount): 8 ranks write a 6 MiB restart file each in 1 MiB writes, one fsync at the end
only restart && { d $T/j/rst; DXT=1 mpi restart L 8 ./app115 restart $T/j/rst 262144 40 1024 end; }
# problem (local): 4 ranks write their 262144 particle IDs one 8-B write(2) each; twin: one write a rank
only idseach && { d j/ids; mpi idseach L 4 ./app115 ids j/ids 262144 40 0 each; d j/ids; mpi idseach-one W 4 ./app115 ids j/ids 262144 40 0 one; }
# problem (throttled mount): 8 ranks write their restart file in 16 KiB writes, fsync after each (384 a rank);
# twin: the same writes, one fsync at the end
only rstfsync && { d $T/j/rf; mpi rstfsync L 8 ./app115 restart $T/j/rf 262144 40 16 fsync; d $T/j/rf; mpi rstfsync-end W 8 ./app115 restart $T/j/rf 262144 40 16 end; }
# problem (local): 4-rank FoF halo finder over 60 linking lengths re-reads the whole 12 MiB POS block of
# snapshot_000.0 for each (60x); twin: reads it once and keeps it
only haloreread && { [ -f j/snap/snapshot_000.0 ] || { d j/snap; $M -np 8 ./app115 snap j/snap 262144 0 2; }
	DXT=1 mpi haloreread L 4 ./app115 halo j/snap 262144 5 60 reread 4; DXT=1 mpi haloreread-once W 4 ./app115 halo j/snap 262144 5 60 once 4; }
ls -l logs reruns | tail -3
