#!/bin/bash
# Round 68's runs under the real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is).
# LOGS=dir PFX=log name prefix ONLY="names". Throttled runs join cgroup v1 blkio "labels68" (throttle.sh).
R=/tmp/labels68/run; S=/work/labels68/t/data/triage-round68/src
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so; CG=/sys/fs/cgroup/blkio/labels68
WB=/tmp/labels68/mntwb
LOGS=${LOGS:-logs}; PFX=${PFX:-r68-}
cd $R; mkdir -p out $LOGS in
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 np=$2; shift 2; hdr "$name np $np: $*"; local t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan \
		${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"; echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s"; }
one() { name=$1; shift; hdr "$name np 1: $*"; local t0=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$S/darshan-big.conf \
		DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan ${DXT:+DXT_ENABLE_IO_TRACE=1} "$@"; echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s"; }
slow() { echo $BASHPID > $CG/cgroup.procs; }   # this subshell and its children meet the throttle
cold() { umount $WB && mount $(cat /tmp/labels68/loopdev2) $WB; }  # drop mntwb's page cache
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
PY=/usr/bin/python3
# input (outside the cgroup): a 130 MB SEG-Y-like line, 64 shots x 480 traces x 1000 samples, on both disks
[ -f in/line.segy ] || ./segy68 mk in/line.segy 64 480 1000
[ -f $WB/in/line.segy ] || { mkdir -p $WB/in; cp in/line.segy $WB/in/; sync; }
# local disk
only rtm-ooc      && { DXT=1 mpi rtm-ooc 4 ./rtm68 ooc 362 1600 20 out/rtm; }
only segy-sample  && { one segy-sample ./segy68 sample in/line.segy 6000 1000; }
only segy-trace   && { one segy-trace ./segy68 trace in/line.segy 6000 1000; }
only py-gather    && { rm -f out/stack.f32; DXT=1 one py-gather $PY $S/gather68.py reread in/line.segy 1000 32 out/stack.f32; }
only py-gather-once && { rm -f out/stack.f32; DXT=1 one py-gather-once $PY $S/gather68.py once in/line.segy 1000 32 out/stack.f32; }
only gzip-line    && { rm -f in/line.segy.gz; one gzip-line gzip -1 -k -f in/line.segy; rm -f in/line.segy.gz; }
# the throttled third (write-back mount: fsync and cold reads meet the limits)
only rtm-fsync    && ( slow; rm -f $WB/rtm.*; DXT=1 mpi rtm-fsync 4 ./rtm68 fsync 362 1600 20 $WB/rtm )
only rtm-nofsync  && ( slow; rm -f $WB/rtm.*; DXT=1 mpi rtm-nofsync 4 ./rtm68 ooc 362 1600 20 $WB/rtm )
only ckpt-f90     && ( slow; rm -f $WB/ck.*; DXT=1 mpi ckpt-f90 4 ./ckpt68 362 800 20 $WB/ck )
only segy-shot    && { cold; ( slow; DXT=1 mpi segy-shot 8 ./segy68 shot $WB/in/line.segy 64 480 1000 12 ); }
ls -l $LOGS
