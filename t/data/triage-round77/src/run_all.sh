#!/bin/bash
# Round 77's runs: MD trajectory analysis programs (src/md77.c, src/perframe.f90, src/stride.py, a dd|gzip
# pipeline) under the real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is).
# Local disk: /tmp/labels77/run/in (page-cache warm, as a trajectory just written or read is).
# Throttled: /tmp/labels77/mnt (see src/throttle.sh); unmounted and mounted again before each run there,
# so every throttled run starts with a cold cache. This shell joins the blkio cgroup labels77.
# LOGS=dir PFX=name prefix ONLY="names".
R=/tmp/labels77/run; A=$R/md77; F=$R/perframe; S=/tmp/labels77/mnt; I=$R/in
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
LOGS=${LOGS:-logs}; PFX=${PFX:-r77-}; case $LOGS in /*) ;; *) LOGS=$R/$LOGS;; esac
echo $$ > /sys/fs/cgroup/blkio/labels77/cgroup.procs
cd $R; mkdir -p $LOGS out
cold() { sync; umount $S && mount -o sync $(cat /tmp/labels77/loopdev) $S || exit 1; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 np=$2; shift 2; hdr "$name np $np: $*"; s=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf -x DARSHAN_LOGFILE=$LOGS/$PFX$name.darshan \
		${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"; echo "   rc=$? wall $(echo "$(date +%s.%N) - $s" | bc) s, load $(cut -d' ' -f1 /proc/loadavg)"; }
ser() { name=$1; shift; hdr "$name: $*"; s=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf \
		DARSHAN_LOGFILE=$LOGS/$PFX$name.darshan ${DXT:+DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $s" | bc) s, load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
# --- local disk ---
only rmsd-seq    && DXT=1 mpi rmsd-seq 1 $A rmsd $I/traj.dat 2000 posix
only stride      && DXT=1 ser stride /usr/bin/python3 $R/src/stride.py $I/traj.dat 10 1500
only xseek-scan  && mpi xseek-scan 1 $A xseek $I/small.xtc - 5000 4000 600
only xseek-idx   && mpi xseek-idx 1 $A xseek $I/small.xtc $I/small.idx 5000 4000 600
only sel-atom    && mpi sel-atom 8 $A sel $I/traj.dat 4000 atom
only sel-frame   && DXT=1 mpi sel-frame 8 $A sel $I/traj.dat 4000 frame
# the pipeline: frames 0-199 cut out with dd (one read a frame; Darshan in dd only) and compressed by gzip
only archive     && { rm -f out/sub.gz; hdr "archive: dd | gzip"; s=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf DXT_ENABLE_IO_TRACE=1 \
		DARSHAN_LOGFILE=$LOGS/${PFX}archive.darshan dd if=$I/traj.dat bs=480000 skip=4096 iflag=skip_bytes count=200 status=none \
		| gzip -1 > out/sub.gz; echo "   rc=$? wall $(echo "$(date +%s.%N) - $s" | bc) s, load $(cut -d' ' -f1 /proc/loadavg)"; }
# --- throttled, cold ---
only par-split   && { cold; DXT=1 mpi par-split 4 $A rmsd $S/in/traj.dat 2500 mpiio; }
only multi-each  && { cold; DXT=1 mpi multi-each 2 $A multi $S/in/traj.dat 1200 each; }
only multi-once  && { cold; DXT=1 mpi multi-once 2 $A multi $S/in/traj.dat 1200 once; }
only frame-flush && { cold; rm -f $S/out/pf.*; DXT=1 mpi frame-flush 2 $F $S/in/traj.dat 1500 4 $S/out/pf flush; }
only frame-buf   && { cold; rm -f $S/out/pf.*; DXT=1 mpi frame-buf 2 $F $S/in/traj.dat 1500 4 $S/out/pf buffered; }
ls -l $LOGS
