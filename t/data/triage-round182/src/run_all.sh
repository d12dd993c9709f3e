#!/bin/bash
# Round 182's runs (labels182): classical MD engine (LAMMPS-like): data file read by rank 0 and broadcast, per-N-step
# atom dumps, binary restart, thermo log by rank 0, post-processing script. Real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is), round 169's darshan-big.conf. Adapted from round 169's run_all.sh.
# PASS=lab: labelled logs (logs/r182-NAME) and each problem's twin (reruns/r182-labels182-tw-TWIN); PASS=ab1|ab2:
# reruns (reruns/r182-labels182-PASS-NAME). Run as root after `throttle.sh up`: this script puts itself in the blkio
# cgroup labels182 (only the loop device is limited). Inputs are made (outside Darshan) by prep below.
R=/tmp/labels182/run; S=/tmp/labels182/src; T=/tmp/labels182/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels182/cgroup.procs
cd $R; mkdir -p logs reruns j
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r182-$1.darshan;; lab:W) echo $R/reruns/r182-labels182-tw-$1.darshan;;
	*:W) echo $R/reruns/r182-labels182-$PASS-tw-$1.darshan;; *) echo $R/reruns/r182-labels182-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
tail_() { echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) -x DXT_ENABLE_IO_TRACE=1 \
		${COMPUTE:+-x COMPUTE=$COMPUTE} "$@"; tail_; }
ser() { name=$1 kind=$2; shift 2; hdr "$name serial: $*"; t0=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$S/darshan-big.conf DARSHAN_LOGFILE=$(logname $name $kind) \
		DXT_ENABLE_IO_TRACE=1 "$@"; tail_; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
# prep (not logged): a LAMMPS-style text data file of 100000 atoms (4.4 MB) and a smaller one of 2000 atoms, local disk;
# post's input: 4 frames of a 100000-atom text dump (made by the txtmpiio style, without Darshan), local disk
[ -f data.in ] || ./app182 gen data.in 100000
[ -f small.in ] || ./app182 gen small.in 2000
[ -f j/postin/dump.atom ] || { mkdir -p j/postin; mpirun --allow-run-as-root --oversubscribe -np 4 -x DUMP=txtmpiio -x NORESTART=1 -x COMPUTE=1 ./app182 md data.in j/postin 30 10 >/dev/null; }
sync
# fine (throttled sync mount): md, 4 ranks, 100000 atoms; rank 0 reads data.in (local) in 1 MiB freads and broadcasts;
# 300 steps; thermo line every 10 steps (fprintf by rank 0); a binary dump every 100 steps (4 files of 4 MB,
# MPI_File_write_at_all); binary restart (6.4 MB, MPI_File_write_at_all)
only md && { fresh $T/md; COMPUTE=${CMD:-3} mpi md L 4 -x DUMP=bin ./app182 md data.in $T/md 300 100; }
# (python3 by its real path: pyenv's shim is a bash script, and Darshan logged the shim in a first try, discarded)
# fine (local): serial Python post-processing of a 4-frame 100000-atom text dump (read line by line)
only post && { ser post L /root/.pyenv/versions/3.11.7/bin/python3 $S/post182.py j/postin/dump.atom j/post.out; }
# problem (throttled sync mount): text dumps funnelled through rank 0 (MPI_Gatherv, then fprintf a line an atom into one
# dump.atom), 100000 atoms, 150 steps, a dump every 50 (4 dumps of 4.3 MB); twin: each rank formats its own lines and
# writes them with MPI_File_write_at_all
only dumptxt && { fresh $T/dt; COMPUTE=${CDT:-3} mpi dumptxt L 4 -x DUMP=txtgather -x NORESTART=1 ./app182 md data.in $T/dt 150 50;
	fresh $T/dt; COMPUTE=${CDT:-3} mpi dumptxt-mpiio W 4 -x DUMP=txtmpiio -x NORESTART=1 ./app182 md data.in $T/dt 150 50; }
# problem (throttled sync mount): a dump file per step per rank, 2000 atoms (500 a rank: 20 KB files), every step of
# 250 (1004 files); twins: one file per rank appended each step (rankfile); one file per rank, dumps kept in memory
# and appended 50 steps at a time (rankbuf, batch 4)
only storm && { fresh $T/st; COMPUTE=${CST:-100} mpi storm L 4 -x DUMP=fileper ./app182 md small.in $T/st 250 1;
	fresh $T/st; COMPUTE=${CST:-100} mpi storm-rankfile W 4 -x DUMP=rankfile ./app182 md small.in $T/st 250 1;
	fresh $T/st; COMPUTE=${CST:-100} mpi storm-rankbuf W 4 -x DUMP=rankbuf ./app182 md small.in $T/st 250 1; }
# problem (throttled sync mount, batch 2): a "safe" restart writer: every 50 steps each rank writes its own restart file
# (restart.STEP.RANK, 1.6 MB: its atoms then velocities) in 64 KiB records with an fsync after each record, 100000
# atoms, 300 steps (6 restarts x 25 records x 4 ranks = 600 fsyncs), no dumps; twin: one fsync a file before close
only rstfsync && { fresh $T/rs; COMPUTE=${CRS:-3} mpi rstfsync L 4 -x DUMP=none -x NORESTART=1 -x RST=fsyncrec -x RSTEVERY=50 ./app182 md data.in $T/rs 300 1000;
	fresh $T/rs; COMPUTE=${CRS:-3} mpi rstfsync-once W 4 -x DUMP=none -x NORESTART=1 -x RST=once -x RSTEVERY=50 ./app182 md data.in $T/rs 300 1000; }
ls -l logs reruns | tail -3
