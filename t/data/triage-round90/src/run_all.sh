#!/bin/bash
# Round 90's runs (labels90): Fortran ocean-model-like jobs with MPI-IO collective output (gfortran + Open MPI 4.1).
# Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf. PASS=lab: labelled
# logs (logs/r90-NAME) and each problem's twin (reruns/r90-labels90-tw-TWIN); PASS=ab1|ab2: reruns
# (reruns/r90-labels90-PASS-NAME). Run as root after `throttle.sh up`: this script puts itself in the blkio cgroup
# labels90 (only the loop device is limited). ocean90 is built in $R: mpif90 -O2 -Wall -o ocean90 src/ocean90.f90
R=/tmp/labels90/run; S=/tmp/labels90/src; T=/tmp/labels90/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels90/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r90-$1.darshan;; lab:W) echo $R/reruns/r90-labels90-tw-$1.darshan;;
	*:W) echo $R/reruns/r90-labels90-$PASS-tw-$1.darshan;; *) echo $R/reruns/r90-labels90-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
job() { rm -rf $1; $S/mkjob.sh "$@"; }
sync
# fine (local): 16 ranks (4x4), 128x64x32 grid; rank 0 reads the namelist and broadcasts it, every rank reads the grid;
# 100 steps, a 4 MiB (T,S) history record every 20 steps through a subarray view and MPI_File_write_all, restart at the end
only hist && { job j/hist 128 64 32; DXT=1 mpi hist L 16 ./ocean90 hist j/hist 100 20 10; }
# fine (local): 8 ranks, as hist plus a per-rank diagnostics file, one formatted WRITE line a step (300 steps)
only diag && { job j/diag 128 64 32; mpi diag L 8 ./ocean90 diag j/diag 300 100 3; }
# fine (local): 8 ranks restart from per-rank unformatted sequential files (header + 64 records of 8 KiB), 100 steps,
# per-rank restart files written again; the files are made first by an unlogged mkrst run
only restart && { job j/rst 128 64 32; mpirun --allow-run-as-root --oversubscribe -np 8 ./ocean90 mkrst j/rst 0 0 0 >/dev/null
	sync; DXT=1 mpi restart L 8 ./ocean90 restart j/rst 100 0 20; }
# problem (throttled sync mount): the history written one water column (32 doubles) at a time with independent
# MPI_File_write_at (8192 writes of 256 B a record); twin: the same record through the subarray view and write_all
only colwrite && { job $T/j/cw 64 32 32; mpi colwrite L 8 ./ocean90 colwrite $T/j/cw 40 20 20
	job $T/j/cw 64 32 32; mpi colwrite-coll W 8 ./ocean90 hist $T/j/cw 40 20 20; }
# problem (throttled sync mount): per-rank diagnostics with FLUSH after every line (700 steps: 5600 small writes);
# twin: the same lines through gfortran's buffer (no FLUSH)
only diagflush && { job $T/j/df 64 32 32; mpi diagflush L 8 ./ocean90 diagflush $T/j/df 700 175 3
	job $T/j/df 64 32 32; mpi diagflush-buf W 8 ./ocean90 diag $T/j/df 700 175 3; }
# problem (local): every rank re-reads the whole 3 MiB forcing file (12 monthly 256x128 fields) every step (300 steps);
# twin: read once before the loop
only forceeach && { job j/fe 256 128 8; mpi forceeach L 8 ./ocean90 forceeach j/fe 300 75 2
	job j/fe 256 128 8; mpi forceeach-once W 8 ./ocean90 forceonce j/fe 300 75 2; }
ls -l logs reruns | tail -3
