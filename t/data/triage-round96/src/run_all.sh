#!/bin/bash
# Round 96's runs (labels96): Monte Carlo particle transport (OpenMC-like). Real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf. PASS=lab: labelled logs (logs/r96-NAME) and each
# problem's twin (reruns/r96-labels96-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r96-labels96-PASS-NAME). Run as root after
# `throttle.sh up`: this script puts itself in the blkio cgroup labels96 (only the loop device is limited).
R=/tmp/labels96/run; S=/tmp/labels96/src; T=/tmp/labels96/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels96/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r96-$1.darshan;; lab:W) echo $R/reruns/r96-labels96-tw-$1.darshan;;
	*:W) echo $R/reruns/r96-labels96-$PASS-tw-$1.darshan;; *) echo $R/reruns/r96-labels96-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
job() { rm -rf $1; mkdir -p $1; }
# the cross-section library: 32 MiB of nuclide data (random doubles), on local disk, read whole by every rank
[ -f xs.lib ] || head -c 33554432 /dev/urandom > xs.lib
A=$S/../app96
sync
# fine (local): 4 ranks, 8 batches of 500 particles, 24 KB source bank per rank per batch, stdio statistics line a batch,
# tallies (16 MiB) reduce-scattered and written collectively to statepoint.bin at the end
only run && { job j/run; DXT=1 mpi run L 4 $A xs.lib j/run 8 500 16 bank=buf tally=mpiio restart=0; }
# fine (local): restart from run's state point (collective read of the tallies), 8 more batches, new state point
only restart && { [ -f j/run/statepoint.bin ] || { job j/run; mpirun --allow-run-as-root --oversubscribe -np 4 $A xs.lib j/run 1 10 16 bank=buf tally=mpiio restart=0; }
	DXT=1 mpi restart L 4 $A xs.lib j/run 8 500 16 bank=buf tally=mpiio restart=1; }
# fine (local): 40 short batches of 100 particles: 160 small (4.8 KB) source-bank files, 40 statistics appends
only manybatch && { job j/mb; DXT=1 mpi manybatch L 4 $A xs.lib j/mb 40 100 16 bank=buf tally=mpiio restart=0; }
# problem (throttled sync mount): each source-bank site written with its own 48-B write(2) (1200 a rank);
# twin: one write per bank
only banktiny && { job $T/j/bt; DXT=1 mpi banktiny L 4 $A xs.lib $T/j/bt 6 200 16 bank=tiny tally=mpiio restart=0
	job $T/j/bt; DXT=1 mpi banktiny-buf W 4 $A xs.lib $T/j/bt 6 200 16 bank=buf tally=mpiio restart=0; }
# problem (local): tallies reduced to rank 0 and printed as text (2 Mi lines, 78 MiB through fprintf);
# twin: reduce-scatter + collective binary state point
only tallytxt && { job j/tt; DXT=1 mpi tallytxt L 4 $A xs.lib j/tt 8 500 16 bank=buf tally=text restart=0
	job j/tt; DXT=1 mpi tallytxt-mpiio W 4 $A xs.lib j/tt 8 500 16 bank=buf tally=mpiio restart=0; }
# problem (local): every rank reads the whole 32 MiB library again at the start of every batch (8 reads of it a rank);
# twin: read once at start (the same job as run)
only xsreread && { job j/xr; DXT=1 mpi xsreread L 4 $A xs.lib j/xr 8 500 16 bank=buf tally=mpiio restart=0 xs=every
	job j/xr; DXT=1 mpi xsreread-once W 4 $A xs.lib j/xr 8 500 16 bank=buf tally=mpiio restart=0; }
ls -l logs reruns | tail -3
