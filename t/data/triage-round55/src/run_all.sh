#!/bin/sh
# Round 55's runs: an MPI stencil whose MPI-IO is shaped by hints and settings (src/app55.c, src/reread55.f90,
# gzip) under the real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is).
# LOGS=dir PFX=name prefix, ONLY="names". Joins the cgroup of throttle.sh (limits apply to /tmp/labels55/mnt only).
# ARGS of app55: MODE FILE MB_A_RANK STEPS SWEEPS PIECE HINTS [EXTRA]
R=/tmp/labels55/run; A=$R/app55; F=$R/reread55; S=/tmp/labels55/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
LOGS=${LOGS:-logs}; PFX=${PFX:-r55-}
echo $$ > /sys/fs/cgroup/blkio/labels55/cgroup.procs
cd $R; mkdir -p out $LOGS $S/out
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 np=$2; shift 2; hdr "$name np $np: $*"
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf -x DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan \
		${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"; echo "   rc=$?"; }
one() { name=$1; shift; hdr "$name np 1 (no MPI): $*"; s=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf \
		DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan ${DXT:+DXT_ENABLE_IO_TRACE=1} "$@" >/dev/null
	echo "   rc=$? $(echo "$(date +%s.%N) - $s" | bc) s"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
RO="--mca io romio321"
# local disk (ext4 on virtio, page cache)
only coll-romio   && { rm -f out/coll.dat; DXT=1 mpi coll-romio 4 $RO $A coll out/coll.dat 4 10 100 4096 romio_cb_write=enable,cb_buffer_size=16777216; }
only contig-indep && { rm -f out/contig.dat; DXT=1 mpi contig-indep 4 $A contig out/contig.dat 16 8 40 0 -; }
only iwall        && { rm -f out/iw.dat; DXT=1 mpi iwall 4 $A iwall out/iw.dat 8 8 60 0 -; }
only split        && { rm -f out/sp.dat; DXT=1 mpi split 4 $A split out/sp.dat 4 8 80 8192 -; }
only setsize      && { rm -f out/ss.*; DXT=1 mpi setsize 4 $A setsize out/ss 8 6 50 0 -; }
only shared       && { rm -f out/sh.log; mpi shared 8 $A shared out/sh.log 1 20 60 256 - 1000; }
only ordered      && { rm -f out/sh.log; mpi ordered 8 $A ordered out/sh.log 1 20 60 256 - 1000; }
only gzip         && { cp in/data.bin out/g.bin; one gzip gzip -1 -k -f out/g.bin; }
# slow storage (throttle.sh: loop device mounted -o sync, 32 MiB/s write, 64 MiB/s read, 400/800 IOPS)
only cb-off       && { rm -f $S/out/cbw.dat; mpi cb-off 4 $RO $A cbwall $S/out/cbw.dat 4 6 100 2048 romio_cb_write=disable; }
only cb-on        && { rm -f $S/out/cbw.dat; mpi cb-on 4 $RO $A cbwall $S/out/cbw.dat 4 6 100 2048 romio_cb_write=enable; }
only dsread       && { DXT=1 mpi dsread 4 $RO $A dsread $S/in/data.bin 2 8 50 8192 romio_ds_read=enable 64; }
only dsread-nods  && { DXT=1 mpi dsread-nods 4 $RO $A dsread $S/in/data.bin 2 8 50 8192 romio_ds_read=disable 64; }
only prealloc     && { rm -f $S/out/pa.*; DXT=1 mpi prealloc 4 $A prealloc $S/out/pa 8 5 50 0 -; }
only setsize-slow && { rm -f $S/out/pa.*; DXT=1 mpi setsize-slow 4 $A setsize $S/out/pa 8 5 50 0 -; }
only restart-f90  && { DXT=1 mpi restart-f90 4 $F $S/in/f64.bin 6 20; }
ls -l $LOGS
# added after the labelled runs, before any label (16:05): split's twin, the same subarray view through a blocking
# MPI_File_write_all, because split's POSIX record showed OMPIO writing each rank's 8 KiB pieces itself
only splitb       && { rm -f out/sp.dat; DXT=1 mpi splitb 4 $A splitb out/sp.dat 4 8 80 8192 -; }
