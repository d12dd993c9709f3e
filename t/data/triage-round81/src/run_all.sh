#!/bin/bash
# Round 81's runs (labels81): what Darshan itself limits. Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt
# (used as it is), round 22's darshan-big.conf, except storm (darshan-low.conf: MAX_RECORDS 500 POSIX).
# PASS=lab: labelled logs (logs/r81-NAME) and each problem's twin (reruns/r81-labels81-tw-TWIN);
# PASS=ab1|ab2: reruns of all and of the twins (reruns/r81-labels81-PASS-NAME). Run as root after `throttle.sh up`:
# this script puts itself in the blkio cgroup labels81 (only the loop devices are limited).
R=/tmp/labels81/run; S=/tmp/labels81/src; T=/tmp/labels81/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels81/cgroup.procs
cd $R; mkdir -p out logs reruns in
[ -f in/data.bin ] || head -c $((64*1024*1024)) /dev/urandom > in/data.bin
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r81-$1.darshan;; lab:W) echo $R/reruns/r81-labels81-tw-$1.darshan;;
	*:W) echo $R/reruns/r81-labels81-$PASS-tw-$1.darshan;; *) echo $R/reruns/r81-labels81-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
# mpi NAME L|W NP CONF PROG ARGS
mpi() { name=$1 kind=$2 np=$3 conf=$4; shift 4; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/$conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
one() { name=$1 kind=$2; shift 2; hdr "$name: $*"; t0=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$S/darshan-big.conf DARSHAN_LOGFILE=$(logname $name $kind) \
		${DXT:+DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
sync
# fine (local): 4 ranks, stencil, an 8 MiB file a rank every 10 steps (1 MiB writes); /proc/self/status read every step
only fpp && { rm -rf out/fpp; mkdir -p out/fpp; DXT=1 mpi fpp L 4 darshan-big.conf ./app81 fpp 60 20 out/fpp; }
# problem (local): 2 ranks, 1500 O_SYNC 4 KiB files a rank (3000 files) with MAX_RECORDS 500 POSIX: the log is partial;
# twin: the same bytes appended to one file a rank, one fsync
only storm && { rm -rf out/st; mkdir -p out/st; mpi storm L 2 darshan-low.conf ./app81 storm 1500 1000 out/st
	rm -rf out/st; mkdir -p out/st; mpi storm-one W 2 darshan-low.conf ./app81 one 1500 1000 out/st; }
# fine (local): serial, compute then a 32 MiB intermediate, then exec gzip -1 on it
only exec && { rm -f out/inter.bin*; DXT=1 one exec L ./ser81 exec 800 out; }
# fine (local): Fortran/MPI, 2 ranks, an 8 MiB unformatted stream checkpoint a rank every 10 steps
only fio && { rm -rf out/fio; mkdir -p out/fio; DXT=1 mpi fio L 2 darshan-big.conf ./fio81 100 out/fio; }
# fine (throttled sync mount): serial parent reads 64 MiB, forks 3 workers that compute and write 16 MiB each
only fork && { rm -rf $T/out/fk; mkdir -p $T/out/fk; cd $T; DXT=1 one fork L $R/ser81 fork 3 400 $T/out/fk; cd $R; }
# problem (throttled sync mount): numpy particle push, 250 positions a step each written by its own 8-byte os.write;
# twin: one 2000-byte write a step
# (first labelled run 20:11:51 with 40 steps took 70.1 s, over the 60 s limit: discarded, rerun with 20 steps)
only tiny && { rm -f $T/out/p.bin; DXT=1 one tiny L /usr/bin/python3 $S/tiny81.py each 20 100000 $T/out/p.bin
	rm -f $T/out/p.bin; DXT=1 one tiny-bulk W /usr/bin/python3 $S/tiny81.py bulk 20 100000 $T/out/p.bin; }
ls -l logs reruns | tail -3
