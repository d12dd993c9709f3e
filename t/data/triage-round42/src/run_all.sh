#!/bin/bash
# Round 42's runs: src/sim42.c (h5pcc -shlib -O2) under the real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt
# (used as it is, src/darshan-big.conf). Local disk: /tmp/labels42/data (ext4 on the VM's virtio disk) and
# /tmp/labels42/nodelocal (the "node-local" level of the checkpoints). Throttled: /tmp/labels42/mnt (see
# src/throttle.sh); this shell joins the blkio cgroup labels42, mpirun and every rank inherit it, and before
# each throttled run the loop file system is unmounted and mounted again (a cold page cache).
# LOGS=dir PFX=name prefix ONLY="names".
R=/tmp/labels42/run; A=$R/sim42; L=/tmp/labels42/data; T=/tmp/labels42/mnt; NL=/tmp/labels42/nodelocal
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
LOGS=${LOGS:-logs}; PFX=${PFX:-r42-}
echo $$ > /sys/fs/cgroup/blkio/labels42/cgroup.procs
cd $R; mkdir -p $LOGS $L $NL
cold() { sync; umount $T && mount -o sync $(cat /tmp/labels42/loopdev) $T || exit 1; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 np=$2; shift 2; rm -f $R/$LOGS/$PFX$name.darshan; hdr "$name np $np: $*"
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf -x DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan \
		${DXT:+-x DXT_ENABLE_IO_TRACE=1} $A "$@"; echo "   rc=$?"; }
plain() { mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np "$@" >/dev/null; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
# a step file: FIELDS=4 datasets [4*128, 512] doubles (2 MiB each, 8 MiB a file at 4 ranks)
H="cells=65536 cols=512 fields=4"
SW=${SW:-200}
# --- local disk ---
only steps-attrs  && { rm -rf $L/sa; mkdir -p $L/sa; mpi steps-attrs 4 mode=steps dir=$L/sa $H steps=20 sweeps=$((SW*2)) layout=chunk chunk=8 attrs=200; }
only steps-contig && { rm -rf $L/sc; mkdir -p $L/sc; DXT=1 mpi steps-contig 4 mode=steps dir=$L/sc $H steps=20 sweeps=$((SW*2)) layout=contig attrs=4; }
only insitu-slab  && { [ -f $L/sc/step0019.h5 ] || { mkdir -p $L/sc; plain 4 $A mode=steps dir=$L/sc $H steps=20 sweeps=1 attrs=4; }
	DXT=1 mpi insitu-slab 2 mode=insitu dir=$L/sc nfiles=20 slab=64 cells=65536 steps=100 sweeps=$SW; }
[ -f $L/ck4/ckpt-10.3 ] || { mkdir -p $L/ck4; plain 4 $A mode=ckpt dir=$L/ck4 local=$NL ckmb=16 every=10 steps=10 sweeps=1; }
only restart-all   && { sync; mpi restart-all 3 mode=restart dir=$L/ck4 wn=4 every=10 ckmb=16 rd=all cold=1 cells=65536 steps=40 sweeps=$SW; }
only restart-range && { sync; mpi restart-range 3 mode=restart dir=$L/ck4 wn=4 every=10 ckmb=16 rd=range cold=1 cells=65536 steps=40 sweeps=$SW; }
only gather-writer && { rm -rf $L/g; mkdir -p $L/g; mpi gather-writer 4 mode=gather how=rank0 dir=$L/g cells=1048576 every=5 steps=20 sweeps=$((SW/8)); }
only gather-coll   && { rm -rf $L/g; mkdir -p $L/g; mpi gather-coll 4 mode=gather how=coll dir=$L/g cells=1048576 every=5 steps=20 sweeps=$((SW/8)); }
# --- throttled ---
only steps-attrs-T  && { rm -rf $T/sa; mkdir -p $T/sa; cold; mpi steps-attrs-T 4 mode=steps dir=$T/sa $H steps=12 sweeps=$SW layout=chunk chunk=8 attrs=200; }
only steps-contig-T && { rm -rf $T/sc; mkdir -p $T/sc; cold; mpi steps-contig-T 4 mode=steps dir=$T/sc $H steps=12 sweeps=$SW layout=contig attrs=4; }
[ -f $T/camp/step0011.h5 ] || { mkdir -p $T/camp; plain 4 $A mode=steps dir=$T/camp $H steps=12 sweeps=1 attrs=4; }
only post-serial && { cold; DXT=1 mpi post-serial 1 mode=post dir=$T/camp nfiles=12 fields=4 cold=1 cells=65536 steps=160 sweeps=$SW; }
only post-par    && { cold; DXT=1 mpi post-par 4 mode=post dir=$T/camp nfiles=12 fields=4 cold=1 cells=65536 steps=160 sweeps=$SW; }
only ckpt-stdio  && { rm -rf $T/ck $NL/*; mkdir -p $T/ck; cold; mpi ckpt-stdio 4 mode=ckpt dir=$T/ck local=$NL copy=stdio ckmb=4 every=10 cells=65536 steps=20 sweeps=$SW; }
only ckpt-posix  && { rm -rf $T/ck $NL/*; mkdir -p $T/ck; cold; DXT=1 mpi ckpt-posix 4 mode=ckpt dir=$T/ck local=$NL copy=posix ckmb=4 every=10 cells=65536 steps=20 sweeps=$SW; }
only diag-shared && { rm -f $T/diag.txt; cold; DXT=1 mpi diag-shared 8 mode=diag how=each out=$T/diag.txt cells=16384 steps=400 sweeps=$((SW/25)); }
only diag-gather && { rm -f $T/diag.txt; cold; DXT=1 mpi diag-gather 8 mode=diag how=gather out=$T/diag.txt cells=16384 steps=400 sweeps=$((SW/25)); }
ls -l $LOGS | grep "$PFX" | awk '{print "   ", $5, $9}'
