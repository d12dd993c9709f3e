#!/bin/bash
# Round 73's runs under the real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is), DXT on.
# Local disk: /tmp/labels73/run (out/). Throttled: /tmp/labels73/mnt (-o sync) and /tmp/labels73/mntwb
# (write-back), see src/throttle.sh; this shell joins the blkio cgroup labels73, so mpirun and every rank do.
# Throttled runs start with a cold cache (unmount + mount). LOGS=dir PFX=prefix ONLY="names".
# Every job is hybrid: OMP_NUM_THREADS threads a rank, --bind-to none so a rank's threads use both cores.
R=/tmp/labels73/run; A=$R/app73; F=$R/master73; S=/tmp/labels73/mnt; W=/tmp/labels73/mntwb; O=$R/out
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
LOGS=${LOGS:-logs}; PFX=${PFX:-r73-}
echo $$ > /sys/fs/cgroup/blkio/labels73/cgroup.procs
cd $R; mkdir -p $LOGS $O
cold() { sync; umount $S && mount -o sync $(cat /tmp/labels73/loopdev) $S && umount $W && mount $(cat /tmp/labels73/loopdev2) $W || exit 1; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
# NODXT=1 (tinyfpt: its 655360 64-B writes would make a 1.5 MB DXT log, over the 300 KB asked) leaves DXT off.
mpi() { name=$1 np=$2 th=$3; shift 3; hdr "$name np $np x $th threads: $*"; rm -f $R/$LOGS/$PFX$name.darshan
	s=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --bind-to none --mca btl_vader_single_copy_mechanism none -np $np \
		-x OMP_NUM_THREADS=$th -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf -x DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan \
		${NODXT:--x DXT_ENABLE_IO_TRACE=1} "$@"; echo "   rc=$? wall $(echo "$(date +%s.%N) - $s" | bc) s"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
# local disk (two thirds)
only rankfile  && { rm -rf $O/rf; mkdir -p $O/rf; mpi rankfile 2 4 $A rankfile $O/rf 40 131072 40; }
only shared    && { rm -rf $O/sh; mkdir -p $O/sh; mpi shared 4 2 $A shared $O/sh 30 131072 40; }
only mpiio     && { rm -rf $O/mi; mkdir -p $O/mi; mpi mpiio 2 4 $A mpiio $O/mi 30 131072 40; }
only master    && { rm -rf $O/ms; mkdir -p $O/ms; mpi master 2 4 $F $O/ms/restart 100 2097152 4 10; }
only tinyfpt   && { rm -rf $O/tf; mkdir -p $O/tf; NODXT=' ' mpi tinyfpt 4 4 $A tinyfpt $O/tf 40 16384 200 tiny; }
# B twin: the same blocks in one write() each
only tinyfpt-big && { rm -rf $O/tf; mkdir -p $O/tf; NODXT=' ' mpi tinyfpt-big 4 4 $A tinyfpt $O/tf 40 16384 200 big; }
# throttled (a third)
only pread     && { cold; mpi pread 2 4 $A pread $O/pr 10 4194304 3 $S/in/field.bin; }
only journal   && { cold; rm -rf $W/out/jr; mkdir -p $W/out/jr; mpi journal 2 4 $A journal $W/out/jr 30 32768 200 each; }
# B twin: the same records, one fsync at the end
only journal-end && { cold; rm -rf $W/out/jr; mkdir -p $W/out/jr; mpi journal-end 2 4 $A journal $W/out/jr 30 32768 200 end; }
only stepfile  && { cold; rm -rf $S/out/sf; mkdir -p $S/out/sf; mpi stepfile 2 4 $A stepfile $S/out/sf 200 8192 100 perstep; }
# B twin: one file a thread, appended every step
only stepfile-keep && { cold; rm -rf $S/out/sf; mkdir -p $S/out/sf; mpi stepfile-keep 2 4 $A stepfile $S/out/sf 200 8192 100 keep; }
ls -l $LOGS
