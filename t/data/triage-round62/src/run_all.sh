#!/bin/bash
# Round 62's runs: src/app62.c (mpicc -O2) through mpirun and src/pysteps62.py as one process, under the real
# Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is). Local-disk jobs in /tmp/labels62/run/loc
# (ext4 on /dev/vda); throttled jobs in /tmp/labels62/mnt (src/throttle.sh: ext4 on a loop device, -o sync,
# blkio cgroup labels62). This shell joins the cgroup (only the loop device is throttled, so local jobs
# are unaffected); before each throttled run the file system is remounted (cold cache).
# LOGS=dir PFX=name-prefix ONLY="names" TWINS=1 (also run each problem's better twin right after it)
R=/tmp/labels62/run; A=$R/app62; L=$R/loc; S=/tmp/labels62/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so; PY=/usr/bin/python3
LOGS=${LOGS:-logs}; PFX=${PFX:-r62-}
echo $$ > /sys/fs/cgroup/blkio/labels62/cgroup.procs
cd $R; mkdir -p $LOGS $L
cold() { sync; umount $S && mount -o sync $(cat /tmp/labels62/loopdev) $S || exit 1; mkdir -p $S/out; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 np=$2; shift 2; hdr "$name np $np: $*"; rm -f $R/$LOGS/$PFX$name.darshan
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf -x DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan \
		${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"; echo "   rc=$?"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
clean() { rm -rf $L/* $S/out/*; }
only poll      && { clean; DXT=1 mpi poll 4 $A poll $L 150 150; }
only lock      && { clean; mpi lock 8 $A lock $L 300 60; }
only couple    && { clean; mpi couple 4 $A couple $L 150 150 262144; }
only tmpfile   && { clean; mpi tmpfile 2 $A tmpfile $L 300 200 262144; }
only pysteps   && { clean; hdr "pysteps 1 process"; rm -f $R/$LOGS/${PFX}pysteps.darshan
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf \
		DARSHAN_LOGFILE=$R/$LOGS/${PFX}pysteps.darshan $PY $R/src/pysteps62.py $L 150 400; echo "   rc=$?"; }
only manifest  && { clean; cold; mpi manifest 1 $A manifest $S/out 1000 10
	[ -n "$TWINS" ] && { clean; cold; mpi manifest-append 1 $A manifest $S/out 1000 10 append; }; }
only tmp4k     && { clean; cold; mpi tmp4k 2 $A tmpfile $S/out 40 40 4096
	[ -n "$TWINS" ] && { clean; cold; mpi tmp-mem 2 $A tmpfile $S/out 40 40 0; }; }
only couple4k  && { clean; cold; DXT=1 mpi couple4k 2 $A couple $S/out 20 100 4096
	[ -n "$TWINS" ] && { clean; cold; DXT=1 mpi couple256k 2 $A couple $S/out 20 100 262144; }; }
clean
