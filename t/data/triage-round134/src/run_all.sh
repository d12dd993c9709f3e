#!/bin/bash
# Round 134's runs (labels134): AMR hydrodynamics (FLASH/Enzo-like). Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt
# (used as it is), round 26's darshan-big.conf. PASS=lab: labelled logs (logs/r134-NAME) and each problem's twin
# (reruns/r134-labels134-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r134-labels134-PASS-NAME). Run as root after
# `throttle.sh up`: this script puts itself in the blkio cgroup labels134 (only the loop device is limited).
# amr134 args: MODE DIR NSTEP EVERY NB(blocks a rank) NPART(particles a rank) WORK(stencil sweeps a step)
R=/tmp/labels134/run; S=/tmp/labels134/src; T=/tmp/labels134/mnt; A=/tmp/labels134/amr134
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels134/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r134-$1.darshan;; lab:W) echo $R/reruns/r134-labels134-tw-$1.darshan;;
	*:W) echo $R/reruns/r134-labels134-$PASS-tw-$1.darshan;; *) echo $R/reruns/r134-labels134-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; sync; }
# fine (local): 4 ranks x 60 blocks (4-16 KiB a variable), 20 steps, a plot file per refinement level every 5 steps
# (density+pressure, collective MPI-IO), rank 0 rewrites the hierarchy index (stdio) at each output
only plot && { fresh j/plot; DXT=1 mpi plot L 4 $A plot j/plot 20 5 60 0 25; }
# fine (local): per-rank checkpoint files (one write(2) a block, 16-64 KiB, + 4000 particles), 2 checkpoints
only chkrank && { fresh j/chkrank; DXT=1 mpi chkrank L 4 $A chkrank j/chkrank 20 10 60 4000 25; }
# fine (local): restart: rank 0 reads the hierarchy (stdio), each rank reads its blocks (one collective read a
# variable) of a checkpoint written beforehand without Darshan, then 20 steps without output
only restart && { fresh j/rs; mpirun --allow-run-as-root --oversubscribe -np 4 $A chkcoll j/rs 1 1 60 0 0 >/dev/null
	DXT=1 mpi restart L 4 $A restart j/rs 20 100 60 0 25; }
# problem (throttled sync mount): checkpoint blocks written by one independent MPI_File_write_at a block a variable
# (4 checkpoints x 4 ranks x 240 requests of 4-16 KiB); twin: one collective write a variable
only chkindep && { fresh $T/j/ci; DXT=1 mpi chkindep L 4 $A chkindep $T/j/ci 20 5 60 0 25
	fresh $T/j/ci; DXT=1 mpi chkindep-coll W 4 $A chkcoll $T/j/ci 20 5 60 0 25; }
# problem (throttled sync mount): a file per block per checkpoint (3 x 240 = 720 files), one write(2) a variable
# (2880 writes of 4-16 KiB); twin 1 (the storm alone): a file per rank, the same writes; twin 2: a file per rank,
# each block written whole (one 16-64 KiB write a block, chkrank's way)
only blkfiles && { fresh $T/j/bf; mpi blkfiles L 4 $A blkfiles $T/j/bf 21 7 60 0 25
	fresh $T/j/bf; mpi blkfiles-rankfiles W 4 $A rankfiles $T/j/bf 21 7 60 0 25
	fresh $T/j/bf; mpi blkfiles-whole W 4 $A chkrank $T/j/bf 21 7 60 0 25; }
# problem (throttled sync mount): particle files written one 40-B write(2) a particle (2 outputs x 4 ranks x 500);
# twin: one write of the particle buffer
only parttiny && { fresh $T/j/pt; DXT=1 mpi parttiny L 4 $A parttiny $T/j/pt 20 10 60 500 25
	fresh $T/j/pt; DXT=1 mpi parttiny-buf W 4 $A partbuf $T/j/pt 20 10 60 500 25; }
# problem (throttled sync mount, checkpoint pages dropped from the page cache before each run): restart reading
# block by block in refinement order (4 x 150 blocks x 4 variables = 2400 independent reads of 4-16 KiB a run);
# twin: one collective read a variable (the fine restart's way). The checkpoint is written beforehand without Darshan.
dropc() { python3 -c 'import os,sys
fd=os.open(sys.argv[1],os.O_RDONLY); os.posix_fadvise(fd,0,0,os.POSIX_FADV_DONTNEED); os.close(fd)' $1/chk_0000; }
only restartblk && { fresh $T/j/rb; mpirun --allow-run-as-root --oversubscribe -np 4 $A chkcoll $T/j/rb 1 1 150 0 0 >/dev/null
	dropc $T/j/rb; DXT=1 mpi restartblk L 4 $A restartblk $T/j/rb 20 100 150 0 10
	dropc $T/j/rb; DXT=1 mpi restartblk-coll W 4 $A restart $T/j/rb 20 100 150 0 10; }
ls -l logs reruns | tail -3
