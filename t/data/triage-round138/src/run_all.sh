#!/bin/bash
# Round 138's runs (labels138): ocean and coastal modelling. Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt
# (used as it is), round 26's darshan-big.conf. PASS=lab: labelled logs (logs/r138-NAME) and each problem's twin
# (reruns/r138-labels138-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r138-labels138-PASS-NAME). Run as root after
# `throttle.sh up`: this script puts itself in the blkio cgroup labels138 (only the loop device is limited).
R=/tmp/labels138/run; S=/tmp/labels138/src; T=/tmp/labels138/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels138/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r138-$1.darshan;; lab:W) echo $R/reruns/r138-labels138-tw-$1.darshan;;
	*:W) echo $R/reruns/r138-labels138-$PASS-tw-$1.darshan;; *) echo $R/reruns/r138-labels138-$PASS-$1.darshan;; esac; }
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
# a fresh run directory: mesh, NP partition files, tide and atmos forcing (not logged)
fresh() { rm -rf $1; mkdir -p $1; mpirun --allow-run-as-root -np 1 $S/ocean138 prep $1 $2; sync; }
O=$S/ocean138
sync
# fine (local): 4 ranks, 200 steps: per-rank mesh+partition read, forcing slices every 10 steps, 8 stations appended
# through stdio by their owner ranks, 4 collective 4 MiB outputs, 2 collective hotstarts
only ocean && { fresh c/ocean 4; DXT=1 mpi ocean L 4 $O run c/ocean 200 stdio coll; }
# twin of a tempting non-problem (added after the first lab pass; runs only when named in ONLY): the forcing files opened once
[ -n "$ONLY" ] && only ocean-keep && { fresh c/okeep 4; DXT=1 mpi ocean-keep W 4 $O run c/okeep 200 stdio coll keep; }
# fine (local): 8 ranks restart from a hotstart (collective 8 MiB read), 100 steps (the hotstart made first, not logged)
only hotstart && { fresh c/hot 8; mpirun --allow-run-as-root --oversubscribe -np 8 $O run c/hot 100 stdio coll >/dev/null
	rm -f c/hot/sta.* c/hot/out.63; DXT=1 mpi hotstart L 8 $O restart c/hot 100 stdio coll; }
# fine (local): serial numpy post-processing of 64 tide-gauge series (64 small text files), harmonic fit + bootstrap
only stapost && { [ -f post/sta.63 ] || { mkdir -p post; /usr/bin/python3 $S/mksta.py post 64 2000; }
	DXT=1 one stapost L /usr/bin/python3 $S/stapost.py post 64 40; }
# problem (throttled sync mount): owner ranks open/append/fsync/close every station line every step (1600 fsyncs);
# twin: stdio, kept open, no fsync
only stafsync && { fresh $T/c/sf 4; DXT=1 mpi stafsync L 4 $O run $T/c/sf 200 fsync coll
	fresh $T/c/sf 4; DXT=1 mpi stafsync-stdio W 4 $O run $T/c/sf 200 stdio coll; }
# problem (throttled sync mount): the global output written a 4 KiB mesh row at a time (independent MPI-IO, 1024
# writes a rank); twin: one collective write a rank an output
only rowout && { fresh $T/c/ro 4; DXT=1 mpi rowout L 4 $O run $T/c/ro 200 stdio rows
	fresh $T/c/ro 4; DXT=1 mpi rowout-coll W 4 $O run $T/c/ro 200 stdio coll; }
ls -l logs reruns | tail -3
