#!/bin/bash
# Round 31's runs: MPI programs (src/app31.c, src/h5app31.c) under the real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is) on THROTTLED storage: /tmp/labels31/mnt (ext4 on loop0, mounted
# -o sync) and /tmp/labels31/mntwb (ext4 on loop1, write-back), both limited by the blkio cgroup labels31
# (see src/throttle.sh). This shell joins the cgroup; mpirun and every rank inherit it.
# Before each run the file system is unmounted and mounted again, so every run starts with a cold cache.
# LOGS=dir PFX=name prefix ONLY="names".
R=/tmp/labels31/run; A=$R/app31; H=$R/h5app31; S=/tmp/labels31/mnt; W=/tmp/labels31/mntwb
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
LOGS=${LOGS:-logs}; PFX=${PFX:-r31-}
echo $$ > /sys/fs/cgroup/blkio/labels31/cgroup.procs
cd $R; mkdir -p $LOGS
cold() { sync; umount $S && mount -o sync $(cat /tmp/labels31/loopdev) $S && umount $W && mount $(cat /tmp/labels31/loopdev2) $W || exit 1; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 np=$2; shift 2; cold; hdr "$name np $np: $*"
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none $MCA -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf -x DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan \
		${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"; echo "   rc=$?"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
mkdir -p $S/out $W/out
C="${C:-512 40 20}"   # 4 MiB of doubles a rank, 40 steps of 20 sweeps, a checkpoint every 10 steps
CS="${CS:-64 40 400}"  # the small-piece checkpoints: 512 KiB a rank (1 KiB pieces), a checkpoint every 20
only ckpt-coll   && { rm -f $S/out/cc.*; mpi ckpt-coll 4 $A ckpt $C coll 10 $S/out/cc; }
# the same with OMPIO forced to 4 aggregators (one a rank) instead of its default (one here)
only ckpt-coll4  && { rm -f $S/out/cc.*; MCA="--mca io_ompio_num_aggregators 4" mpi ckpt-coll4 4 $A ckpt $C coll 10 $S/out/cc; }
only ckpt-stridi && { rm -f $S/out/cs.*; mpi ckpt-stridi 4 $A ckpt $CS stridi 20 $S/out/cs; }
only ckpt-stridc && { rm -f $S/out/cv.*; mpi ckpt-stridc 4 $A ckpt $CS stridc 20 $S/out/cv; }
only ckpt-fpp    && { rm -f $S/out/cf.*; mpi ckpt-fpp 4 $A ckpt $C fpp 10 $S/out/cf; }
only ckpt-gather && { rm -f $S/out/cg.*; mpi ckpt-gather 4 $A ckpt $C gather 10 $S/out/cg; }
MR="mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none"
# the restart file: ckpt-coll's program at 4 ranks without Darshan, made once (16 MiB)
only restart     && { [ -f $S/out/rs.4 ] || $MR -np 4 $A ckpt $C coll 10 $S/out/rs >/dev/null; mpi restart 4 $A restart $C $S/out/rs.4; }
only h5-indep    && { rm -f $S/out/h5i.h5; mpi h5-indep 4 $H $C 10 $S/out/h5i.h5 indep; }
only h5-coll     && { rm -f $S/out/h5c.h5; mpi h5-coll 4 $H $C 10 $S/out/h5c.h5 coll; }
only partlog     && { rm -f $S/out/part.log; mpi partlog 4 $A partlog 16 ${PL:-600} 2 $S/out/part.log flush; }
only partlog-noflush && { rm -f $S/out/part.log; mpi partlog-noflush 4 $A partlog 16 ${PL:-600} 2 $S/out/part.log noflush; }
only deck-all    && { mpi deck-all 4 $A deck 64 200 8 $S/in/deck.in all; }
only deck-bcast  && { mpi deck-bcast 4 $A deck 64 200 8 $S/in/deck.in bcast; }
only oocr        && { DXT=1 mpi oocr 4 $A oocr 64 ${OO:-800} 8 $S/in/data.bin 64; }
only meta        && { rm -rf $S/out/meta; mkdir -p $S/out/meta; mpi meta 4 $A meta 16 ${MS:-15} 4 $S/out/meta ${MF:-40} perfile; }
only meta-one    && { rm -rf $S/out/meta; mkdir -p $S/out/meta; mpi meta-one 4 $A meta 16 ${MS:-15} 4 $S/out/meta ${MF:-40} one; }
only journal-each && { rm -f $W/out/jr.*; DXT=1 mpi journal-each 2 $A journal 64 ${JS:-300} 2 $W/out/jr each; }
only journal-end && { rm -f $W/out/jr.*; DXT=1 mpi journal-end 2 $A journal 64 ${JS:-300} 2 $W/out/jr end; }
ls -l $LOGS | tail -n +2 | awk '{print "   ", $5, $9}'
