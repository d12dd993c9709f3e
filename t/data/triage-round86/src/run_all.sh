#!/bin/bash
# Round 86's runs (labels86): in-situ visualization and analysis output. Real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf. PASS=lab: labelled logs (logs/r86-NAME)
# and each problem's twin (reruns/r86-labels86-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r86-labels86-PASS-NAME).
# Run as root after `throttle.sh up`: this script puts itself in the blkio cgroup labels86 (only the loop device
# is limited). ./app86 is src/app86.c built with `mpicc -O2 -Wall -Wextra -o app86 src/app86.c`.
R=/tmp/labels86/run; S=/tmp/labels86/src; T=/tmp/labels86/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels86/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r86-$1.darshan;; lab:W) echo $R/reruns/r86-labels86-tw-$1.darshan;;
	*:W) echo $R/reruns/r86-labels86-$PASS-tw-$1.darshan;; *) echo $R/reruns/r86-labels86-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; sync; }
sync
# fine (local): 8 ranks, 40 steps; rank 0 gathers an 8-bit 512x1024 slice and writes one 512 KiB PGM image a step
only gather && { fresh j/gather; DXT=1 mpi gather L 8 ./app86 gather 40 j/gather 100; }
# fine (local): 4 ranks, 30 steps; each rank fwrites its 512 KiB VTK piece a step (file per rank per step),
# rank 0 a small .pvtk index: 150 files
only vtkpar && { fresh j/vtk; DXT=1 mpi vtkpar L 4 ./app86 vtkpar 30 j/vtk 100; }
# fine (local): post-hoc reader, 4 ranks: every rank reads every step's index, then its own piece, a histogram a step
only posthoc && { [ -f j/vtk/s0029.pvtk ] || ./app86 vtkpar 30 j/vtk 1; DXT=1 mpi posthoc L 4 ./app86 posthoc 30 j/vtk 100; }
# problem (local): legacy ASCII VTK pieces written with one write(2) per value (131072 a rank a step);
# twin: the same text formatted into a buffer, one write
only smallwr && { fresh j/sw; mpi smallwr L 4 ./app86 smallwr 10 j/sw 20; fresh j/sw; mpi smallwr-buf W 4 ./app86 smallbuf 10 j/sw 20; }
# problem (throttled sync mount): AMR-like block output, 16 blocks x 4 fields a rank a step, each its own 32 KiB
# file (1536 files); twin: the same bytes in one file per rank per step
only storm && { fresh $T/storm; mpi storm L 4 ./app86 storm 6 $T/storm 20; fresh $T/storm; mpi storm-blocks W 4 ./app86 blocks 6 $T/storm 20; }
# problem (local): rank 0 gathers the whole float field and fprintf's it as ASCII VTK, one value a call (4.7 MB a
# step); twin: the same field as BINARY VTK, one fwrite
only gascii && { fresh j/ga; mpi gascii L 4 ./app86 gascii 10 j/ga 30; fresh j/ga; mpi gascii-binary W 4 ./app86 gbinary 10 j/ga 30; }
ls -l logs reruns | tail -3
