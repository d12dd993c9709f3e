#!/bin/bash
# Round 78's runs (labels78): jobs whose output goes through a self-describing format's metadata (src/h5s78.c,
# h5p78.c, nc78.py) under the real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is; it has no
# HDF5 module, so H5F/H5D records cannot appear), with round 22's darshan-big.conf.
# PASS=lab: the labelled logs (logs/r78-NAME) and each problem's twin after it (reruns/r78-labels78-tw-TWIN);
# PASS=ab1|ab2: reruns of all 7 and the twins (reruns/r78-labels78-PASS-NAME). Run as root after
# `throttle.sh up`: this script puts itself in the blkio cgroup labels78 (only the loop devices are limited).
R=/tmp/labels78/run; S=/tmp/labels78/src; T=/tmp/labels78/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so; CONF=$S/darshan-big.conf
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels78/cgroup.procs
cd $R; mkdir -p out logs reruns $T/out
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r78-$1.darshan;; lab:W) echo $R/reruns/r78-labels78-tw-$1.darshan;;
	*:W) echo $R/reruns/r78-labels78-$PASS-tw-$1.darshan;; *) echo $R/reruns/r78-labels78-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
# mpi NAME L|W NP PROG ARGS: L = a labelled program, W = a twin
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$CONF -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
one() { name=$1 kind=$2; shift 2; hdr "$name: $*"; t0=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$CONF DARSHAN_LOGFILE=$(logname $name $kind) \
		${DXT:+DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
sync
# fine: serial HDF5, one dataset extended one step at a time, chunk = the step's 1 MiB row (local)
only h5s-ext && { rm -f out/e.h5; DXT=1 one h5s-ext L ./h5s78 ext 120 300 out/e.h5; }
# fine: serial HDF5, a group per step, 8 x 32 KiB contiguous datasets + 4 group and 8 dataset attributes (local)
only h5s-grp && { rm -f out/g.h5; DXT=1 one h5s-grp L ./h5s78 grp 200 150 out/g.h5; }
# problem: the same output with H5Fclose/H5Fopen around every dataset, 40 steps (throttled sync mount);
# twin: the file kept open (h5s78 grp, same sizes, same mount)
only h5s-reopen && { rm -f $T/out/r.h5; DXT=1 one h5s-reopen L ./h5s78 reopen 40 800 $T/out/r.h5
	rm -f $T/out/r.h5; DXT=1 one h5s-grp-slow W ./h5s78 grp 40 800 $T/out/r.h5; }
# fine: parallel HDF5, 4 ranks, 2 MiB a rank, every 10th step a contiguous dataset of the whole field, collective
# (throttled sync mount)
only h5p-coll && { rm -f $T/out/c.h5; DXT=1 mpi h5p-coll L 4 ./h5p78 coll 262144 60 20 10 $T/out/c.h5; }
# problem: 4 ranks, every step each rank creates its own small HDF5 file (400 files, 64 KiB of data each)
# (throttled sync mount); twin: one shared file, a dataset a step, collective (h5p78 coll, same sizes)
only h5p-fpp && { rm -rf $T/out/p; mkdir -p $T/out/p; DXT=1 mpi h5p-fpp L 4 ./h5p78 fpp 8192 100 100 1 $T/out/p/s
	rm -f $T/out/c1.h5; DXT=1 mpi h5p-coll1 W 4 ./h5p78 coll 8192 100 100 1 $T/out/c1.h5; }
# fine: numpy netCDF-like file, a new 512 KiB variable a step, header padded to 256 KiB, rewritten in place (local)
only nc-pad && { rm -f out/p.nc; DXT=1 one nc-pad L /usr/bin/python3 $S/nc78.py pad 60 300 512 out/p.nc; }
# problem: the same with no header padding: the whole file rewritten (temp + rename) every step (local);
# twin: nc-pad itself (same sizes), rerun right after
only nc-grow && { rm -f out/q.nc; DXT=1 one nc-grow L /usr/bin/python3 $S/nc78.py grow 60 300 512 out/q.nc
	rm -f out/p.nc; DXT=1 one nc-pad-twin W /usr/bin/python3 $S/nc78.py pad 60 300 512 out/p.nc; }
ls -l logs reruns | tail -3
