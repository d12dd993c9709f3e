#!/bin/bash
# Round 61's runs: jobs that overlap I/O with computation, and twins without the overlap, under the real
# Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is; POSIX, MPI-IO, STDIO, DXT). C programs run
# through mpirun (1-4 ranks, Open MPI, --oversubscribe); the Python script as one process with
# DARSHAN_ENABLE_NONMPI=1. Local-disk jobs use /tmp/labels61/run (ext4 on /dev/vda); throttled jobs use
# /tmp/labels61/mnt (ext4 on a loop device, mounted -o sync, blkio cgroup labels61: src/throttle.sh), remounted
# before each run so it starts with a cold cache. This shell joins the cgroup; every program inherits it.
# LOGS=dir PFX=name prefix ONLY="names". (Darshan does not overwrite a log: each run removes its old one.)
R=/tmp/labels61/run; SRC=/work/labels61/t/data/triage-round61/src; S=/tmp/labels61/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so; PY=/usr/bin/python3
LOGS=${LOGS:-logs}; PFX=${PFX:-r61-}
echo $$ > /sys/fs/cgroup/blkio/labels61/cgroup.procs
cd $R; mkdir -p $LOGS out in
cold() { sync; umount $S && mount -o sync $(cat /tmp/labels61/loopdev) $S || exit 1; }
# a local input made cold: the kernel drops its cached pages (this file only)
coldlocal() { $PY -c "import os,sys; f=os.open(sys.argv[1],os.O_RDONLY); os.posix_fadvise(f,0,0,os.POSIX_FADV_DONTNEED)" "$1"; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg)): $2"; }
mpi() { name=$1 np=$2; shift 2; rm -f $R/$LOGS/$PFX$name.darshan; hdr "$name" "np $np $*"; local s=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$SRC/darshan-big.conf -x DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan \
		${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@" >$R/$LOGS/$PFX$name.out 2>&1
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $s" | bc) s: $(cat $R/$LOGS/$PFX$name.out | tail -1)"; }
ser() { name=$1; shift; rm -f $R/$LOGS/$PFX$name.darshan; hdr "$name" "$*"; local s=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_MODMEM=16 DARSHAN_CONFIG_PATH=$SRC/darshan-big.conf \
		${DXT:+DXT_ENABLE_IO_TRACE=1} DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan "$@" >$R/$LOGS/$PFX$name.out 2>&1
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $s" | bc) s: $(cat $R/$LOGS/$PFX$name.out | tail -1)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
A=$R/app61
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1
[ -f in/data.bin ] || head -c $((256 << 20)) /dev/urandom > in/data.bin
# local disk
only thr-local    && { rm -f out/tl.*; DXT=1 mpi thr-local 1 $A thr 1024 60 100 8 1024 out/tl thread; }
only iw-overlap   && { rm -f out/iw.bin; DXT=1 mpi iw-overlap 4 $A iw 256 40 150 8 5 out/iw.bin overlap; }
only iw-waitnow   && { rm -f out/iw.bin; DXT=1 mpi iw-waitnow 4 $A iw 256 40 150 8 5 out/iw.bin waitnow; }
only pref-thread  && { coldlocal in/data.bin; DXT=1 mpi pref-thread 1 $A pref 1024 64 100 4 in/data.bin thread; }
only pref-sync    && { coldlocal in/data.bin; DXT=1 mpi pref-sync 1 $A pref 1024 64 100 4 in/data.bin sync; }
only py-thread    && { rm -rf out/py; mkdir -p out/py; DXT=1 ser py-thread $PY $SRC/stepsave61.py 1024 600 20 out/py thread; }
only py-sync      && { rm -rf out/py; mkdir -p out/py; DXT=1 ser py-sync $PY $SRC/stepsave61.py 1024 600 20 out/py sync; }
only iorank-local && { rm -f out/ior.bin; DXT=1 mpi iorank-local 4 $A iorank 256 200 30 64 out/ior.bin plain; }
# slow, throttled storage
only thr-sync     && { cold; rm -f $S/out/ts.*; DXT=1 mpi thr-sync 1 $A thr 1024 60 100 2 256 $S/out/ts sync; }
only thr-thread   && { cold; rm -f $S/out/ts.*; DXT=1 mpi thr-thread 1 $A thr 1024 60 100 2 256 $S/out/ts thread; }
only aio-4k       && { cold; rm -f $S/out/ai.*; DXT=1 mpi aio-4k 1 $A aio 1024 40 100 256 4 $S/out/ai block; }
only aio-overlap  && { cold; rm -f $S/out/ai.*; DXT=1 mpi aio-overlap 1 $A aio 1024 40 100 256 64 $S/out/ai overlap; }
only iorank-fsync && { cold; rm -f $S/out/ior.bin; DXT=1 mpi iorank-fsync 4 $A iorank 256 200 30 64 $S/out/ior.bin fsync; }
only iorank-plain && { cold; rm -f $S/out/ior.bin; DXT=1 mpi iorank-plain 4 $A iorank 256 200 30 64 $S/out/ior.bin plain; }
ls -l $LOGS/*.darshan
