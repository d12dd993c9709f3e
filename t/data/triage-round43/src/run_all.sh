#!/bin/bash
# Round 43's runs: src/app43.c + src/ftn43.f90 (mpicc/gfortran -O2) under the real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is, src/darshan-big.conf). Local disk: /tmp/labels43/data (ext4 on the VM's
# virtio disk). Throttled: /tmp/labels43/mnt (see src/throttle.sh); this shell joins the blkio cgroup labels43,
# mpirun and every rank inherit it, and before each throttled run the loop file system is unmounted and mounted
# again (a cold page cache). LOGS=dir PFX=name prefix ONLY="names" SKIPTW=1 (no twins).
R=/tmp/labels43/run; A=$R/app43; L=/tmp/labels43/data; T=/tmp/labels43/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
LOGS=${LOGS:-logs}; PFX=${PFX:-r43-}; TW=${TW:-$PFX}
echo $$ > /sys/fs/cgroup/blkio/labels43/cgroup.procs
cd $R; mkdir -p $LOGS $L reruns
cold() { sync; umount $T && mount -o sync $(cat /tmp/labels43/loopdev) $T || exit 1; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 np=$2; shift 2; rm -f $R/$LOGS/$name.darshan; hdr "$name np $np: $*"
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf -x DARSHAN_LOGFILE=$R/$LOGS/$name.darshan \
		${DXT:+-x DXT_ENABLE_IO_TRACE=1} $A "$@"; echo "   rc=$?"; }
plain() { mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np "$@" >/dev/null; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
tw() { [ -z "$SKIPTW" ]; }
fresh() { rm -rf $1; mkdir -p $1; }
SW=${SW:-200}
# --- local disk ---
only txt-each  && { fresh $L/t; mpi ${PFX}txt-each 4 mode=txt how=each dir=$L/t n=131072 steps=20 sweeps=$SW; }
only txt-each  && tw && { fresh $L/t; mpi ${TW}txt-bin 4 mode=txt how=bin dir=$L/t n=131072 steps=20 sweeps=$SW; }
only ftn-write && { fresh $L/f; mpi ${PFX}ftn-write 4 mode=ftn dir=$L/f n=65536 steps=20 sweeps=$SW; }
only csv-rank0 && { fresh $L/c; mpi ${PFX}csv-rank0 4 mode=csv how=rank0 dir=$L/c rows=300000 steps=10 sweeps=$SW; }
only csv-rank0 && tw && { fresh $L/c; mpi ${TW}csv-parts 4 mode=csv how=parts dir=$L/c rows=300000 steps=10 sweeps=$SW; }
only sub-coll  && { fresh $L/s; DXT=1 mpi ${PFX}sub-coll 4 mode=sub how=coll dir=$L/s g=2048 steps=12 sweeps=$((SW*3)); }
only vec8-indep && { fresh $L/v; mpi ${PFX}vec8-indep 4 mode=vec how=indep dir=$L/v blk=8 count=65536 steps=6 sweeps=$SW; }
only vec8-indep && tw && { fresh $L/v; mpi ${TW}vec8-coll 4 mode=vec how=coll dir=$L/v blk=8 count=65536 steps=6 sweeps=$SW; }
only write-shared && { fresh $L/w; mpi ${PFX}write-shared 4 mode=shared how=shared dir=$L/w rec=1024 recs=1000 steps=20 sweeps=$((SW*4)); }
only write-shared && tw && { fresh $L/w; mpi ${TW}write-at 4 mode=shared how=at dir=$L/w rec=1024 recs=1000 steps=20 sweeps=$((SW*4)); }
# --- throttled (sync mount, cold) ---
only bin-fwrite && { fresh $T/b; cold; mpi ${PFX}bin-fwrite 4 mode=bin how=dflt dir=$T/b rec=64 recs=8192 steps=12 sweeps=$SW; }
only bin-fwrite && tw && { fresh $T/b; cold; mpi ${TW}bin-setvbuf 4 mode=bin how=vbuf dir=$T/b rec=64 recs=8192 steps=12 sweeps=$SW; }
only log-perstep && { fresh $T/l; cold; DXT=1 mpi ${PFX}log-perstep 8 mode=log how=flush dir=$T/l steps=300 sweeps=$((SW/25)); }
only log-perstep && tw && { fresh $T/l; cold; DXT=1 mpi ${TW}log-atend 8 mode=log how=end dir=$T/l steps=300 sweeps=$((SW/25)); }
only vec4k-indep && { fresh $T/v; cold; DXT=1 mpi ${PFX}vec4k-indep 4 mode=vec how=indep dir=$T/v blk=4096 count=256 steps=4 sweeps=$SW; }
only vec4k-indep && tw && { fresh $T/v; cold; DXT=1 mpi ${TW}vec4k-coll 4 mode=vec how=coll dir=$T/v blk=4096 count=256 steps=4 sweeps=$SW; }
only wat-all && { fresh $T/w; cold; DXT=1 mpi ${PFX}wat-all 4 mode=wat dir=$T/w blk=4194304 steps=4 sweeps=$((SW*2)); }
only write-ordered && { fresh $T/o; cold; DXT=1 mpi ${PFX}write-ordered 4 mode=ordered how=ordered dir=$T/o rec=1024 recs=100 steps=10 sweeps=$SW; }
only write-ordered && tw && { fresh $T/o; cold; DXT=1 mpi ${TW}write-atall 4 mode=ordered how=atall dir=$T/o rec=1024 recs=100 steps=10 sweeps=$SW; }
[ -f $T/rs/s003 ] || { mkdir -p $T/rs; plain 4 $A mode=sub how=coll dir=$T/rs g=2048 steps=4 sweeps=1; }
only restart-view && { cold; DXT=1 mpi ${PFX}restart-view 4 mode=restart dir=$T/rs g=2048 nfiles=4 cold=1 steps=20 sweeps=$((SW*2)); }
ls -l $LOGS | grep "$PFX" | awk '{print "   ", $5, $9}'
