#!/bin/sh
# Round 65's runs: checkpoint/restart practice under the real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt
# (used as it is). LOGS=dir PFX=name prefix ONLY="names". Needs `throttle.sh up` first (slow tier
# /tmp/labels65/slow); this script joins the labels65 blkio cgroup, so mpirun and the ranks inherit it.
R=/tmp/labels65/run; A=$R/app65; F=$R/ck65; P=$(dirname $(readlink -f $0))/rotate65.py
S=/tmp/labels65/slow; DL=/tmp/labels14/darshan-rt/lib/libdarshan.so; CONF=$(dirname $(readlink -f $0))/darshan-big.conf
LOGS=${LOGS:-logs}; PFX=${PFX:-r65-}
echo $$ > /sys/fs/cgroup/blkio/labels65/cgroup.procs
cd $R; mkdir -p out $LOGS
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 np=$2; shift 2; hdr "$name np $np: $*"; rm -f $R/$LOGS/$PFX$name.darshan
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$CONF -x DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan \
		${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"; echo "   rc=$?"; }
ser() { name=$1; shift; hdr "$name: $*"; rm -f $R/$LOGS/$PFX$name.darshan
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$CONF DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan \
		${DXT:+DXT_ENABLE_IO_TRACE=1} "$@"; echo "   rc=$?"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
# fine: zlib-compressed N-N checkpoint every 10 of 40 steps (4 MiB of doubles a rank -> ~1.8 MB), local disk
only zlib     && { rm -rf out/z; mkdir -p out/z; DXT=1 mpi zlib 4 $A zlib 512 40 20 10 out/z; }
# fine: multilevel, local tier every 10 of 120 steps (2 MiB a rank), copied + fsync'd to the slow tier every 60
only multi    && { rm -rf out/ml $S/ml; mkdir -p out/ml $S/ml; DXT=1 mpi multi 4 $A multi 256 120 20 10 60 out/ml $S/ml; }
# fine: incremental, 16 MiB image a rank (12 static + 4 field), dirty 64 KiB blocks only, every 5 steps
only incr     && { rm -rf out/inc; mkdir -p out/inc; DXT=1 mpi incr 2 $A incr 512 40 20 5 65536 out/inc; }
# fine: Fortran stream-access checkpoint, 8 MiB a rank every 20 of 60 steps, slow tier (write-back)
only f90      && { rm -rf $S/f90; mkdir -p $S/f90; DXT=1 mpi f90 2 $F 1024 60 10 20 $S/f90; }
# fine: N-to-M restart: written by 4 ranks (4 files of 4 MiB, not logged), read by 8, one pread a piece
only nm       && { rm -rf out/nm; mkdir -p out/nm; mpirun --allow-run-as-root --oversubscribe -np 4 $A nmwrite 512 0 0 out/nm >/dev/null
		DXT=1 mpi nm 8 $A nmread 256 40 20 4 out/nm; }
# fine: Python numpy, np.save every 10 steps, keep the last 3 (os.replace + os.unlink), local disk
only rotate   && { rm -rf out/rot; mkdir -p out/rot; DXT=1 ser rotate /usr/bin/python3 $P 16 60 4 10 3 out/rot; }
# PROBLEM: a 2 MiB a rank checkpoint + fsync at every step (60 steps), slow tier; twin B every 20 steps
only often    && { rm -rf $S/often; mkdir -p $S/often; DXT=1 mpi often 4 $A often 256 60 10 1 $S/often; }
only often-B   && { rm -rf $S/often; mkdir -p $S/often; DXT=1 mpi often-B 4 $A often 256 60 10 20 $S/often; }
# PROBLEM: 16 MiB a rank checkpoint + fsync every 5 of 30 steps (2 sweeps a step), then read back from the device (page cache
# dropped) to verify, slow tier; twin B: CRC32 in memory stored beside it, no read back
only verify   && { rm -rf $S/vf; mkdir -p $S/vf; DXT=1 mpi verify 2 $A verify 2048 30 2 5 $S/vf readback; }
only verify-B && { rm -rf $S/vf; mkdir -p $S/vf; DXT=1 mpi verify-B 2 $A verify 2048 30 2 5 $S/vf crc; }
true
