#!/bin/bash
# Round 88's runs (labels88): ensemble data assimilation. Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt
# (used as it is), round 26's darshan-big.conf. PASS=lab: labelled logs (logs/r88-NAME) and each problem's twin
# (reruns/r88-labels88-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r88-labels88-PASS-NAME). Run as root after
# `throttle.sh up`: this script puts itself in the blkio cgroup labels88 (only the loop device is limited).
# Inputs (forecast members, obs.txt) are made by mkens.py outside Darshan before each run. obs.txt has 8000 lines
# (parsed in ~0.1 s) except in obsre, where the 60000-line file's re-parsing is the problem.
R=/tmp/labels88/run; S=/tmp/labels88/src; T=/tmp/labels88/mnt; A=/tmp/labels88/da88
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels88/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r88-$1.darshan;; lab:W) echo $R/reruns/r88-labels88-tw-$1.darshan;;
	*:W) echo $R/reruns/r88-labels88-$PASS-tw-$1.darshan;; *) echo $R/reruns/r88-labels88-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
ens() { rm -rf $1; /usr/bin/python3 $S/mkens.py "$@"; sync; }
sync
# fine (local): 4 ranks, 24 members x 2 MiB, file per member (1 MiB pread/pwrite), obs.txt (8000 lines) read by all,
# mean by rank 0, spread by rank 1
only fpm && { ens j/fpm 24 2048 8000; DXT=1 mpi fpm L 4 $A fpm ok 24 2048 j/fpm 1 150; }
# fine (local): 8 ranks, 32 members x 1 MiB in one shared file, collective MPI-IO reads and writes, 2 cycles
only shared && { ens j/sh 32 1024 8000; DXT=1 mpi shared L 8 $A shared ok 32 1024 j/sh 2 30; }
# fine (throttled sync mount): 8 ranks, 40 members x 1 MiB file per member, 2 cycles (bandwidth-bound, necessary data)
only fpm40 && { ens $T/j/f40 40 1024 8000; DXT=1 mpi fpm40 L 8 $A fpm ok 40 1024 $T/j/f40 2 15; }
# problem (throttled sync mount): the analysis written into the shared file in 4 KiB independent writes;
# twin: one collective write a member
only small && { ens $T/j/sm 24 512 8000; mpi small L 4 $A shared small 24 512 $T/j/sm 1 75
	ens $T/j/sm 24 512 8000; mpi small-coll W 4 $A shared ok 24 512 $T/j/sm 1 75; }
# problem (throttled sync mount): 4 ranks, 24 members x 512 KiB file per member; the observations applied in 8 batches
# and each member's whole analysis file rewritten after every batch (8x the bytes); twin: written once at the end
only anaevery && { ens $T/j/ae 24 512 8000; mpi anaevery L 4 $A fpm anaevery 24 512 $T/j/ae 1 22
	ens $T/j/ae 24 512 8000; mpi anaevery-once W 4 $A fpm ok 24 512 $T/j/ae 1 22; }
# problem (local): every rank re-reads and re-parses obs.txt (2.2 MB text, stdio) for each of its 6 members;
# twin: once a rank
only obsre && { ens j/ob 24 2048 60000; DXT=1 mpi obsre L 4 $A fpm obsre 24 2048 j/ob 1 20
	ens j/ob 24 2048 60000; DXT=1 mpi obsre-once W 4 $A fpm obsonce 24 2048 j/ob 1 20; }
ls -l logs reruns | tail -3
