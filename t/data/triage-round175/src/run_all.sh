#!/bin/bash
# Round 175's runs (labels175): finite-element structural mechanics: mesh partitions, scattered global mesh,
# per-step results, restart files, solver logs, a nodal-history post-processor.
# Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is), round 169's darshan-big.conf (copied).
# Adapted from round 169's run_all.sh. PASS=lab: labelled logs (logs/r175-NAME) and each problem's twin
# (reruns/r175-labels175-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r175-labels175-PASS-NAME). Run as root after
# `throttle.sh up`: this script puts itself in the blkio cgroup labels175 (only the loop device is limited).
R=/tmp/labels175/run; S=/tmp/labels175/src; T=/tmp/labels175/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels175/cgroup.procs
cd $R; mkdir -p logs reruns data j
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r175-$1.darshan;; lab:W) echo $R/reruns/r175-labels175-tw-$1.darshan;;
	*:W) echo $R/reruns/r175-labels175-$PASS-tw-$1.darshan;; *) echo $R/reruns/r175-labels175-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} \
		${COMPUTE:+-x COMPUTE=$COMPUTE} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
# prep (not logged, local disk): 4 mesh partitions of 3 MiB, a 24 MiB global mesh, a 40 MiB result file for post
for r in 0 1 2 3; do [ -f data/mesh.part.$r ] || ./app175 gen data/mesh.part.$r 3; done
[ -f data/mesh24.dat ] || ./app175 gen data/mesh24.dat 24
[ -f data/results100.exo ] || ./app175 gen data/results100.exo 40
sync
# fine (partitions local, results throttled): each rank reads its 3 MiB partition once (1 MiB preads); 30 implicit
# steps; every 5th step all ranks write 1.5 MiB (32768 nodes x 6 doubles) with MPI_File_write_at_all to one shared
# results.exo (opened once); collective restart at the end; rank 0's solver.log by buffered fprintf (3 lines a step)
only part && { fresh $T/p; COMPUTE=5 DXT=1 mpi part L 4 ./app175 part data/mesh.part $T/p 30 5 32768; }
# fine (mesh local, results throttled): rank 0 reads the 24 MiB global mesh (4 MiB reads) and scatters it; every
# 15th of 30 steps each rank writes its own 3 MiB solution-SSSS.RRRR.vtu (one write); per-rank restart + one fsync
only scatter && { fresh $T/s; COMPUTE=5 DXT=1 mpi scatter L 4 ./app175 scatter data/mesh24.dat $T/s 30 15; }
# fine (local): serial post-processor, 16 nodal histories x 100 steps, one 24-B pread each (1600), CSV by fprintf
only post && { fresh j/post; DXT=1 mpi post L 1 ./app175 post data/results100.exo j/post/hist.csv 100 16384 16; }
# problem (throttled sync mount): a file per rank per step per field (4 ranks x 50 steps x 4 fields = 800 files of
# 8 KiB); twin: one file per rank per field, appended each step
only stepstorm && { fresh $T/t; COMPUTE=2 DXT=1 mpi stepstorm L 4 ./app175 stepstorm $T/t 50 1024 file;
	fresh $T/t; COMPUTE=2 DXT=1 mpi stepstorm-append W 4 ./app175 stepstorm $T/t 50 1024 append; }
# second twin of stepstorm (added after batch 1, to measure its small writes): one file per rank, the 4 fields of a
# step in one 32 KiB write (ONLY=stepstorm-packed runs it alone)
only stepstorm-packed && { fresh $T/t; COMPUTE=2 DXT=1 mpi stepstorm-packed W 4 ./app175 stepstorm $T/t 50 1024 packed; }
# problem (throttled sync mount): rank 0 of 2 writes the Newton convergence log with fflush+fsync after every line
# (50 steps x 12 iterations = 600 lines; batch 1's 4-rank, 1500-line, 52-s version was discarded, see runs.txt);
# twin: the same log buffered, one fsync at the end
only fsynclog && { fresh $T/f; COMPUTE=10 DXT=1 mpi fsynclog L 2 ./app175 fsynclog $T/f 50 12 sync;
	fresh $T/f; COMPUTE=10 DXT=1 mpi fsynclog-plain W 2 ./app175 fsynclog $T/f 50 12 plain; }
ls -l logs reruns | tail -3
