#!/bin/bash
# Round 71's runs under the real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is), DXT on.
# Local disk: /tmp/labels71/run (in/, out/). Throttled: /tmp/labels71/mnt (-o sync) and /tmp/labels71/mntwb
# (write-back), see src/throttle.sh; this shell joins the blkio cgroup labels71, so mpirun and every rank do.
# Throttled runs start with a cold cache (unmount + mount). LOGS=dir PFX=prefix ONLY="names".
# B twins (reruns only): hdrbuf (hdrtiny with the Header through stdio), nosync (fsync without the fsyncs),
# pybox (pyslice reading a box a read), hdrbig (hdrbuf writing a rank's boxes of a level in one pwrite, added
# after the first reruns to measure the 32 KiB box writes on the sync mount).
R=/tmp/labels71/run; A=$R/app71; S=/tmp/labels71/mnt; W=/tmp/labels71/mntwb; I=$R/in; O=$R/out
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
LOGS=${LOGS:-logs}; PFX=${PFX:-r71-}
echo $$ > /sys/fs/cgroup/blkio/labels71/cgroup.procs
cd $R; mkdir -p $LOGS $O
cold() { sync; umount $S && mount -o sync $(cat /tmp/labels71/loopdev) $S && umount $W && mount $(cat /tmp/labels71/loopdev2) $W || exit 1; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 np=$2; shift 2; hdr "$name np $np: $*"; rm -f $R/$LOGS/$PFX$name.darshan
	( s=$(date +%s.%N); mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf -x DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan \
		-x DXT_ENABLE_IO_TRACE=1 "$@"; echo "   rc=$? wall $(echo "$(date +%s.%N) - $s" | bc) s" ); }
one() { name=$1; shift; hdr "$name np 1: $*"; rm -f $R/$LOGS/$PFX$name.darshan
	( s=$(date +%s.%N); env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf \
		DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan ${NODXT:-DXT_ENABLE_IO_TRACE=1} "$@"; echo "   rc=$? wall $(echo "$(date +%s.%N) - $s" | bc) s" ); }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
# throttled (a third)
only ckpt     && { rm -rf $W/out/ck; mkdir -p $W/out/ck; cold; mpi ckpt 4 $A ckpt 30 10 30 30 $W/out/ck 1 buf 0 5; }
only hdrtiny  && { rm -rf $S/out/ht; mkdir -p $S/out/ht; cold; mpi hdrtiny 4 $A plot 24 4 20 10 $S/out/ht 2 tiny 0 4; }
only hdrbuf   && { rm -rf $S/out/ht; mkdir -p $S/out/ht; cold; mpi hdrbuf 4 $A plot 24 4 20 10 $S/out/ht 2 buf 0 4; }
only hdrbig   && { rm -rf $S/out/ht; mkdir -p $S/out/ht; cold; mpi hdrbig 4 $A plot 24 4 20 10 $S/out/ht 2 buf 2 4; }
only fsync    && { rm -rf $W/out/fs; mkdir -p $W/out/fs; cold; mpi fsync 4 $A plot 24 4 20 6 $W/out/fs 2 buf 1 4; }
only nosync   && { rm -rf $W/out/fs; mkdir -p $W/out/fs; cold; mpi nosync 4 $A plot 24 4 20 6 $W/out/fs 2 buf 0 4; }
# local disk (two thirds); the Python script runs without DXT (720896 reads: its DXT trace alone passed 300 KB)
only plot     && { rm -rf $O/pl; mkdir -p $O/pl; mpi plot 4 $A plot 40 4 40 20 $O/pl 2 buf 0 4; }
only regrid   && { rm -rf $O/rg; mkdir -p $O/rg; mpi regrid 6 $A regrid 30 2 30 10 $O/rg 1 buf 0 2; }
only restart  && { rm -rf $O/rs; mkdir -p $O/rs; mpi restart 6 $A restart 30 30 40 20 $O/rs 3 buf 0 1000 $I/chk/chk00030; }
only f90      && { rm -rf $O/f; mkdir -p $O/f; mpi f90 8 $R/amr71 24 4 40 10 $O/f/plt; }
only pyslice  && { NODXT=X=0 one pyslice /usr/bin/python3 $R/src/slice71.py row $O/slice.txt $I/plt/plt000{04,08,12,16,20,24,28,32}; }
only pybox    && { NODXT=X=0 one pybox /usr/bin/python3 $R/src/slice71.py box $O/slice.txt $I/plt/plt000{04,08,12,16,20,24,28,32}; }
ls -l $LOGS
