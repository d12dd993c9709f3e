#!/bin/bash
# Round 109's runs (labels109): molecular dynamics (LAMMPS/GROMACS-like). Real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf. PASS=lab: labelled logs (logs/r109-NAME) and
# each problem's twin (reruns/r109-labels109-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r109-labels109-PASS-NAME). Run as
# root after `throttle.sh up`: this script puts itself in the blkio cgroup labels109 (only the loop device is limited).
# mpi_yield_when_idle: 8 helpers share 2 cores, so waiting ranks yield instead of spinning.
R=/tmp/labels109/run; S=/tmp/labels109/src; T=/tmp/labels109/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels109/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r109-$1.darshan;; lab:W) echo $R/reruns/r109-labels109-tw-$1.darshan;;
	*:W) echo $R/reruns/r109-labels109-$PASS-tw-$1.darshan;; *) echo $R/reruns/r109-labels109-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none --mca mpi_yield_when_idle 1 -np $np \
		-x LD_PRELOAD=$DL -x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) \
		${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
one() { name=$1 kind=$2; shift 2; hdr "$name: $*"; t0=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$S/darshan-big.conf DARSHAN_LOGFILE=$(logname $name $kind) \
		${DXT:+DXT_ENABLE_IO_TRACE=1} "$@" > /dev/null
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
job() { rm -rf $1; mkdir -p $1; }
sync
# fine (local): 4 ranks, 600 steps, thermo line a step (stdio, buffered), a 3 MiB frame every 60 steps gathered to
# rank 0 and fwritten by it (10 frames), a gathered 6 MiB restart written by rank 0 at the end
only gather && { job j/ga; DXT=1 mpi gather L 4 ./md109 gather 600 32768 60 j/ga buf; }
# fine (local): 8 ranks, 400 steps, a 3 MiB frame every 20 steps with MPI_File_write_at_all (20 frames), a 768 KiB
# restart file a rank at the end
only coll && { job j/co; DXT=1 mpi coll L 8 ./md109 coll 400 16384 20 j/co buf; }
# fine (local): serial analysis of coll's trajectory, frame after frame (64-B header read, 3 MiB body read)
only analysis && { [ -f j/co/traj.bin ] || { job j/co; mpirun --allow-run-as-root --oversubscribe -np 8 ./md109 coll 400 16384 20 j/co buf; }
	DXT=1 one analysis L ./ana109 once j/co/traj.bin; }
# problem (local): each rank pwrite(2)s every atom's 24 B of each frame into the shared trajectory (10 frames x
# 131072 atoms); twin: one pwrite of its block a frame
only atomdump && { job j/ad; mpi atomdump L 4 ./md109 atom 200 32768 20 j/ad buf; job j/ad; mpi atomdump-block W 4 ./md109 block 200 32768 20 j/ad buf; }
# problem (local): the analysis reaches frame i by re-reading frames 0..i from the start (120 frames of 3 MiB: 7260
# frames read); twin: one pass
only rescan && { [ -f j/rs/traj.bin ] || { job j/rs; mpirun --allow-run-as-root --oversubscribe -np 4 ./md109 block 120 32768 1 j/rs buf; }
	DXT=1 one rescan L ./ana109 rescan j/rs/traj.bin; DXT=1 one rescan-once W ./ana109 once j/rs/traj.bin; }
# problem (throttled sync mount): rank 0 fflush()es the thermo log after every step's line (1500 steps, as
# `thermo_modify flush yes`), small frames collective every 500 steps; twin: stdio's buffer
only thermoflush && { job $T/j/tf; DXT=1 mpi thermoflush L 4 ./md109 coll 1500 4096 500 $T/j/tf flush;
	job $T/j/tf; DXT=1 mpi thermoflush-buf W 4 ./md109 coll 1500 4096 500 $T/j/tf buf; }
ls -l logs reruns | tail -3
