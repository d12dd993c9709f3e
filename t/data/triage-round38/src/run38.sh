#!/bin/sh
# Round 38's runs: src/app38.c at 8-16 ranks under the real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt
# (used as it is). LOGS=dir PFX=log name prefix ONLY="names". Prints each run's start time and load average.
R=/tmp/labels38/run; A=$R/app38
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
LOGS=${LOGS:-logs}; PFX=${PFX:-r38-}
cd $R; mkdir -p out $LOGS
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 np=$2; shift 2; hdr "$name np $np: $*"; rm -f $R/$LOGS/$PFX$name.darshan
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf -x DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan \
		${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"; echo "   rc=$?"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
C="512 30 15 10"   # 4 MiB of doubles a rank, 30 steps of 15 sweeps, a checkpoint every 10 steps (3)
only ckpt-coll  && { rm -f out/cc.*; DXT=1 mpi ckpt-coll 16 $A coll $C out/cc; }
only ckpt-fpp   && { rm -f out/cf.*; DXT=1 mpi ckpt-fpp 16 $A fpp $C out/cf; }
only ckpt-big1  && { rm -f out/cb.*; DXT=1 mpi ckpt-big1 12 $A big1 $C out/cb 5; }
only ckpt-slow1 && { rm -f out/cs.*; DXT=1 mpi ckpt-slow1 12 $A slow1 $C out/cs 7; }
only ckpt-agg2  && { rm -f out/ca.*; DXT=1 mpi ckpt-agg2 16 $A agg2 $C out/ca; }
only restart    && { [ -f out/rs.3 ] || mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np 16 $A coll $C out/rs >/dev/null
                     DXT=1 mpi restart 16 $A restart $C out/rs.3; }
only deck-bcast && { DXT=1 mpi deck-bcast 16 $A deck-bcast $C in/input.bin; }
only deck-all   && { DXT=1 mpi deck-all 16 $A deck-all $C in/input.bin; }
only strag-fsync && { rm -f out/sf.*; DXT=1 mpi strag-fsync 8 $A fsync1 $C out/sf 3; }
only strag-nofsync && { rm -f out/sn.*; DXT=1 mpi strag-nofsync 8 $A nofsync $C out/sn 3; }
ls -l $LOGS
