#!/bin/bash
# Round 57's runs: jobs that move data between storage tiers, under the real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is; DARSHAN_ENABLE_NONMPI=1 for the serial programs).
# Tiers: S=/tmp/labels57/slow (throttled loop device, -o sync; src/throttle.sh), L=/tmp/labels57/local (ext4 on
# the VM's virtio disk), F=/dev/shm/labels57 (tmpfs). This shell joins the blkio cgroup labels57; every program
# inherits it (the limits are on the loop device only). Before each run S is unmounted and mounted again (cold cache).
# LOGS=dir PFX=name prefix ONLY="names" NODXT=1.
R=/tmp/labels57/run; SRC=/work/labels57/t/data/triage-round57/src
S=/tmp/labels57/slow; L=/tmp/labels57/local; F=/dev/shm/labels57
A=$R/app57; PY=/usr/bin/python3
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
LOGS=${LOGS:-logs}; PFX=${PFX:-r57-}
echo $$ > /sys/fs/cgroup/blkio/labels57/cgroup.procs
cd $R; mkdir -p $LOGS $L $F
cold() { sync; umount $S && mount -o sync $(cat /tmp/labels57/loopdev) $S || exit 1; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg)): $2"; }
dx() { [ -n "$DXT" ] && [ -z "$NODXT" ] && echo 1; }
mpi() { name=$1 np=$2; shift 2; cold; hdr "$name np $np" "$*"; local s=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$SRC/darshan-big.conf -x DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan \
		${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"; echo "   rc=$? wall $(echo "$(date +%s.%N) - $s" | bc) s"; }
ser() { name=$1; shift; cold; hdr "$name" "$*"; local s=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$SRC/darshan-big.conf \
		${DXT:+DXT_ENABLE_IO_TRACE=1} DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $s" | bc) s"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
clr() { rm -rf $F/* $L/out* $L/ck* $S/out* $S/ck* $L/big.bin $L/state.npy $L/res.tgz $S/res.bin; }
# inputs, made once outside Darshan: random doubles on both slow tiers, a numpy array, a results directory
[ -f $S/in.bin ] || head -c $((64 << 20)) /dev/urandom > $S/in.bin
[ -f $S/big.bin ] || head -c $((320 << 20)) /dev/urandom > $S/big.bin
[ -f $L/in.bin ] || head -c $((256 << 20)) /dev/urandom > $L/in.bin
[ -f $L/in.npy ] || $PY -c "import numpy as np; np.save('$L/in.npy', np.random.default_rng(57).standard_normal(1<<23))"
[ -f $L/res.bin ] || head -c $((12 << 20)) /dev/urandom > $L/res.bin
mkres() { mkdir -p $F/res; $PY -c "
import numpy as np
for i in range(24): np.savetxt('$F/res/field%02d.txt' % i, np.random.default_rng(i).standard_normal((20000, 4)), fmt='%.6f')"; }
only stage-shm  && { clr; mpi stage-shm 4 $A stage $L $F 256 6 ${SW1:-2}; }
only pstage-shm && { clr; mpi pstage-shm 4 $A pstage $L $F 256 6 ${SW1:-2}; }
only nostage    && { clr; DXT=1 mpi nostage 4 $A nostage $S $L 64 6 ${SW2:-4}; }
only stage-slow && { clr; mkdir -p $L/s; DXT=1 mpi stage-slow 4 $A stage $S $L/s 64 6 ${SW2:-4}; }
only slice      && { clr; mpi slice 4 $A slice $L $F 256 6 ${SW3:-2}; }
only allread    && { clr; DXT=1 mpi allread 4 $A allread $S $L 64 6 ${SW4:-8}; }
only bcast      && { clr; DXT=1 mpi bcast 4 $A bcast $S $L 64 6 ${SW4:-8}; }
only shm        && { clr; mpi shm 8 $A shm $L $F 128 10 ${SW5:-2}; }
only py-interm-local && { clr; DXT=1 ser py-interm-local $PY $SRC/py57.py interm $L ${NI:-24} 32 1; }
only py-interm-shm   && { clr; DXT=1 ser py-interm-shm $PY $SRC/py57.py interm $F ${NI:-24} 32 1; }
only py-stage   && { clr; DXT=1 ser py-stage $PY $SRC/py57.py stage $L $F $L/out.npy ${NP7:-12}; }
only f90-restart && { clr; mpi f90-restart 2 $R/f57 $L/in.bin $F/ck ${NF:-20} ${SWF:-2}; }
only dd-stagein && { clr; DXT=1 ser dd-stagein dd if=$S/big.bin of=$L/big.bin bs=4M; }
only py-tarout  && { clr; mkres; DXT=1 ser py-tarout $PY $SRC/py57.py tarout $F/res $L/res.tgz; }
only dd-small   && { clr; DXT=1 ser dd-small dd if=$L/res.bin of=$S/res.bin bs=4k; }
only dd-big     && { clr; DXT=1 ser dd-big dd if=$L/res.bin of=$S/res.bin bs=4M; }
only ckptslow   && { clr; DXT=1 mpi ckptslow 4 $A ckptslow $S $L 64 10 ${SW6:-2}; }
only ckptfast   && { clr; DXT=1 mpi ckptfast 4 $A ckptfast $S $L 64 10 ${SW6:-2}; }
ls -l $LOGS
