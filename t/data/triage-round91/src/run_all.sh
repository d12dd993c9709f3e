#!/bin/bash
# Round 91's runs (labels91): cryo-EM image processing. Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as
# it is), round 26's darshan-big.conf. PASS=lab: labelled logs (logs/r91-NAME) and each problem's twin
# (reruns/r91-labels91-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r91-labels91-PASS-NAME). Run as root after
# `throttle.sh up`: this script puts itself in the blkio cgroup labels91 (only the loop device is limited).
R=/tmp/labels91/run; S=/tmp/labels91/src; T=/tmp/labels91/mnt; A=/tmp/labels91/app91
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels91/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r91-$1.darshan;; lab:W) echo $R/reruns/r91-labels91-tw-$1.darshan;;
	*:W) echo $R/reruns/r91-labels91-$PASS-tw-$1.darshan;; *) echo $R/reruns/r91-labels91-$PASS-$1.darshan;; esac; }
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
M="mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none"
# inputs (not logged): 8 movies of 16 512x512 frames, 8 movies of 4 1024x1024 frames, a 4096-particle 64x64 stack
# (64 MiB, also copied to the throttled mount), 400 per-micrograph particle .star files
[ -f in/mov/movie-007.mrc ] || { mkdir -p in/mov; $M -np 4 $A gen in/mov 8 16 512; }
[ -f in/movbig/movie-007.mrc ] || { mkdir -p in/movbig; $M -np 4 $A gen in/movbig 8 4 1024; }
[ -f in/stk/movie-000.mrc ] || { mkdir -p in/stk; $M -np 1 $A gen in/stk 1 4096 64; }
cmp -s in/stk/movie-000.mrc $T/stack.mrcs || cp in/stk/movie-000.mrc $T/stack.mrcs
[ -d in/star ] || /usr/bin/python3 $S/starcollect91.py gen in/star 400
sync
# fine (local): 8 ranks motion-correct 8 movies (1 KiB header pread + 16 preads of a 1 MiB frame each), one 1 MiB write
# of each summed micrograph
only motioncor && { rm -rf o/mc; mkdir -p o/mc; DXT=1 mpi motioncor L 8 $A motioncor in/mov 8 16 512 o/mc frame; }
# meant fine (local): 4 ranks, 2-D classification of the 64 MiB stack, 8 iterations, each rereads its quarter in 1 MiB
# preads every iteration (from the page cache); class averages by one MPI-IO collective write, rank 0 a model.star.
# The first pass's counters showed the cached re-reads at 16 % of the run: twin added (read once, iterate in memory)
only class2d && { DXT=1 mpi class2d L 4 $A class2d in/stk/movie-000.mrc 4096 64 8 4 cache
	DXT=1 mpi class2d-mem W 4 $A class2d in/stk/movie-000.mrc 4096 64 8 4 mem; }
# fine (local): serial python/numpy collecting 400 small per-micrograph .star files into particles.star + statistics
only starcollect && { one starcollect L /usr/bin/python3 $S/starcollect91.py collect in/star 400 o/particles.star; }
# fine (local): 8 ranks extract 400 particles from each of 8 micrographs into one shared 51 MiB stack, a micrograph's
# 6.4 MiB by one MPI_File_write_at_all (rank 0 writes the 1 KiB header first)
only exshared && { [ -f o/mc/mic-007.mrc ] || { mkdir -p o/mc; $M -np 4 $A motioncor in/mov 8 16 512 o/mc frame; }
	rm -rf o/exs; mkdir -p o/exs; DXT=1 mpi exshared L 8 $A extract o/mc 8 512 400 64 o/exs shared; }
# problem (throttled sync mount): 4 ranks write each 4 MiB summed micrograph with a write(2) per 4 KiB image row
# (4 x 1024 writes; movies 4-7 unused); twin: one write a micrograph
only mcrows && { rm -rf $T/mc; mkdir -p $T/mc; mpi mcrows L 4 $A motioncor in/movbig 4 4 1024 $T/mc row
	rm -rf $T/mc; mkdir -p $T/mc; mpi mcrows-frame W 4 $A motioncor in/movbig 4 4 1024 $T/mc frame; }
# problem (throttled sync mount): 4 ranks extract 150 particles from each of 8 micrographs, each particle its own
# 17 KiB .mrcs file (1200 files); twin: one stack a rank written in 1 MiB writes
only extract && { [ -f o/mc/mic-007.mrc ] || { mkdir -p o/mc; $M -np 4 $A motioncor in/mov 8 16 512 o/mc frame; }
	rm -rf $T/ex; mkdir -p $T/ex; mpi extract L 4 $A extract o/mc 8 512 150 64 $T/ex files
	rm -rf $T/ex; mkdir -p $T/ex; mpi extract-stack W 4 $A extract o/mc 8 512 150 64 $T/ex stack; }
# problem (throttled sync mount): the 2-D classification reading the stack through O_DIRECT every iteration (8 x 64 MiB);
# twin: read once, iterate in memory
only c2ddirect && { DXT=1 mpi c2ddirect L 4 $A class2d $T/stack.mrcs 4096 64 8 4 direct
	DXT=1 mpi c2ddirect-mem W 4 $A class2d $T/stack.mrcs 4096 64 8 4 mem; }
ls -l logs reruns | tail -3
