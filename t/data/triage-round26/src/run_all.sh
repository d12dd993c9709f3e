#!/bin/sh
# Round 26's labelled runs: MPI applications (src/app26.c, src/h5app26.c) under the real Darshan 3.5.0
# runtime /tmp/labels14/darshan-rt (POSIX, MPI-IO, STDIO; used as it is). LOGS=dir PFX=name prefix.
R=/tmp/labels26/run; A=$R/app26; H=$R/h5app26
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
LOGS=${LOGS:-logs}; PFX=${PFX:-r26-}
cd $R; mkdir -p out $LOGS ctl
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 np=$2; shift 2; hdr "$name np $np: $*"
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf -x DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan \
		${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"; echo "   rc=$?"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
C="512 40 20"    # 4 MiB of doubles a rank, 40 steps of 20 sweeps, a checkpoint every 10 steps
only ckpt-coll   && { rm -f out/cc.*; mpi ckpt-coll 4 $A ckpt $C coll 10 out/cc; }
only ckpt-stridi && { rm -f out/cs.*; mpi ckpt-stridi 4 $A ckpt $C stridi 10 out/cs; }
only ckpt-stridc && { rm -f out/cv.*; mpi ckpt-stridc 4 $A ckpt $C stridc 10 out/cv; }
only ckpt-fpp    && { rm -f out/cf.*; mpi ckpt-fpp 4 $A ckpt $C fpp 10 out/cf; }
only ckpt-gather && { rm -f out/cg.*; mpi ckpt-gather 4 $A ckpt $C gather 10 out/cg; }
only restart     && { [ -f out/cc.4 ] || $A ckpt $C coll 10 out/cc >/dev/null; mpi restart 4 $A restart $C out/cc.4; }
only h5-indep    && { rm -f out/h5i.h5; mpi h5-indep 4 $H $C 10 out/h5i.h5 indep; }
only h5-coll     && { rm -f out/h5c.h5; mpi h5-coll 4 $H $C 10 out/h5c.h5 coll; }
only partlog     && { rm -f out/part.log; mpi partlog 8 $A partlog 16 3000 1 out/part.log flush; }
only partlog-noflush && { rm -f out/part.log; mpi partlog-noflush 8 $A partlog 16 3000 1 out/part.log noflush; }
only deck-all    && { mpi deck-all 8 $A deck 64 200 8 in/deck.in all; }
only deck-bcast  && { mpi deck-bcast 8 $A deck 64 200 8 in/deck.in bcast; }
only ooc         && { rm -f out/ooc.*; DXT=1 mpi ooc 4 $A ooc 64 1000 2 out/ooc 64 1024; }
only reread-each && { mpi reread-each 4 $A reread 64 60 10 in/data.bin each; }
only reread-once && { mpi reread-once 4 $A reread 64 60 10 in/data.bin once; }
only series-reopen && { rm -f out/ser.*; mpi series-reopen 4 $A series 16 4000 1 out/ser reopen; }
only series-keep && { rm -f out/ser.*; mpi series-keep 4 $A series 16 4000 1 out/ser keep; }
only poll-every  && { rm -f ctl/STOP; mpi poll-every 8 $A poll 16 3000 1 ctl every; }
only poll-root   && { rm -f ctl/STOP; mpi poll-root 8 $A poll 16 3000 1 ctl root; }
only journal-each && { rm -f out/jr.*; DXT=1 mpi journal-each 2 $A journal 64 300 2 out/jr each; }
only journal-end && { rm -f out/jr.*; DXT=1 mpi journal-end 2 $A journal 64 300 2 out/jr end; }
ls -l $LOGS
# added after the first labelled runs (02:12): a per-step, per-rank snapshot file (a file storm) and its twin
only dump-perstep && { rm -rf out/dump; mkdir -p out/dump; mpi dump-perstep 4 $A dump 16 500 4 out/dump/snap perstep; }
only dump-one    && { rm -rf out/dump; mkdir -p out/dump; mpi dump-one 4 $A dump 16 500 4 out/dump/snap one; }
