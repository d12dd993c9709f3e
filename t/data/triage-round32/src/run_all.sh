#!/bin/sh
# Round 32's runs: MPI jobs of real length (src/app32.c) and a numpy job (src/heat32.py) under the real
# Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (POSIX, MPI-IO, STDIO, DXT; used as it is).
# ONLY="names" picks runs; LOGS=dir PFX=name prefix (reruns: LOGS=reruns PFX=r32-abK-).
R=/tmp/labels32/run; A=$R/app32; PY=/usr/bin/python3
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
LOGS=${LOGS:-logs}; PFX=${PFX:-r32-}
cd $R; mkdir -p out $LOGS
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 np=$2; shift 2; hdr "$name np $np: $*"; rm -f $R/$LOGS/$PFX$name.darshan
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf -x DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan \
		${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"; echo "   rc=$? end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
ser() { name=$1; shift; hdr "$name: $*"; rm -f $R/$LOGS/$PFX$name.darshan
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_MODMEM=16 DARSHAN_CONFIG_PATH=$R/src/darshan-py.conf \
		DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan "$@"; echo "   rc=$? end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
C="1024 100 100"  # 8 MiB of doubles a rank, 100 steps of 100 sweeps; a checkpoint every 10 steps
only ckpt-fsync    && { rm -f out/cs.*; mpi ckpt-fsync 4 $A ckpt $C fsync 10 out/cs 8192; }
only ckpt-fsyncend && { rm -f out/cs.*; mpi ckpt-fsyncend 4 $A ckpt $C fsyncend 10 out/cs 8192; }
only ckpt-rank0    && { rm -f out/c0.*; DXT=1 mpi ckpt-rank0 4 $A ckpt $C rank0 10 out/c0; }
only ckpt-coll     && { rm -f out/cc.*; DXT=1 mpi ckpt-coll 4 $A ckpt $C coll 10 out/cc; }
only ckpt-fpp      && { rm -f out/cf.*; DXT=1 mpi ckpt-fpp 4 $A ckpt $C fpp 10 out/cf; }
only ana-small     && { mpi ana-small 4 $A ana $C in/particles.bin 32; }
only ana-large     && { DXT=1 mpi ana-large 4 $A ana $C in/particles.bin 4194304; }
only post-reread   && { rm -f out/ser.*; DXT=1 mpi post-reread 4 $A post 1024 24 250 out/ser 12 reread; }
only post-once     && { rm -f out/ser.*; DXT=1 mpi post-once 4 $A post 1024 24 250 out/ser 12 once; }
only imbal         && { rm -f out/im.*; DXT=1 mpi imbal 4 $A imbal 1024 50 200 5 out/im; }
only quiet         && { rm -f out/q*; DXT=1 mpi quiet 4 $A quiet 1024 110 100 in/deck.in out/q.log; }
only py-many       && { rm -rf out/py; mkdir -p out/py; ser py-many $PY src/heat32.py out/py 40 150 50 many; }
only py-one        && { rm -rf out/py; mkdir -p out/py; ser py-one $PY src/heat32.py out/py 40 150 50 one; }
true
