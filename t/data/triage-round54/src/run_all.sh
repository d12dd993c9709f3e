#!/bin/sh
# Round 54's runs: jobs doing I/O through less common interfaces (src/app54.c, src/reread54.f90, sha256sum)
# under the real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is).
# LOGS=dir PFX=name prefix, ONLY="names". Joins the cgroup of throttle.sh (limits apply to /tmp/labels54/mnt only).
R=/tmp/labels54/run; A=$R/app54; F=$R/reread54; S=/tmp/labels54/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
LOGS=${LOGS:-logs}; PFX=${PFX:-r54-}
echo $$ > /sys/fs/cgroup/blkio/labels54/cgroup.procs
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
cold() { dd if=$1 iflag=nocache count=0 status=none 2>/dev/null; }	# drop the file's cached pages
only mmapw     && { rm -f out/mm.dat; mpi mmapw 4 $A mmapw out/mm.dat 64 100; }
only odirect   && { rm -f out/od.dat; DXT=1 mpi odirect 4 $A odirect out/od.dat 64 5; }
only vecio     && { rm -f $S/out/vec.dat; DXT=1 mpi vecio 4 $A vecio $S/out/vec.dat 32 25; }
only fadv      && { mpi fadv 1 $A fadv in/data.bin 256 8; }
only falloc    && { rm -f out/fa.*; mpi falloc 2 $A falloc out/fa 128 4; }
only sha       && { cold $S/in/data.bin; one sha sha256sum $S/in/data.bin; }
only pread4k   && { DXT=1 mpi pread4k 4 $A pread $S/in/data.bin 8 30 4096; }
only preadseq  && { DXT=1 mpi preadseq 4 $A preadseq $S/in/data.bin 8 30 4194304; }
only aio4k     && { DXT=1 mpi aio4k 1 $A aio in/f64.bin 64 25 4096; }
only aio1m     && { DXT=1 mpi aio1m 1 $A aio in/f64.bin 64 25 1048576; }
only reread-each && { mpi reread-each 4 $F in/f64.bin each 12; }
only reread-once && { mpi reread-once 4 $F in/f64.bin once 12; }
only fsync-each  && { rm -f $S/out/jr.*; DXT=1 mpi fsync-each 2 $A fsynceach $S/out/jr 16 3; }
only fsync-end   && { rm -f $S/out/jr.*; DXT=1 mpi fsync-end 2 $A fsyncend $S/out/jr 16 3; }
ls -l $LOGS
