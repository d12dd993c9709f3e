#!/bin/bash
# Round 41's runs: src/dl41.c (mpicc -O2) under the real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used
# as it is, src/darshan-big.conf). Local disk: /tmp/labels41/data (ext4 on the VM's virtio disk, page cache
# warm: the dataset was just made and read). Throttled: /tmp/labels41/mntwb/ds and /tmp/labels41/mnt (see
# src/throttle.sh); this shell joins the blkio cgroup labels41, mpirun and every rank inherit it, and before each
# throttled run both loop file systems are unmounted and mounted again (a cold page cache).
# LOGS=dir PFX=name prefix ONLY="names".
R=/tmp/labels41/run; A=$R/dl41; L=/tmp/labels41/data; T=/tmp/labels41/mntwb/ds; S=/tmp/labels41/mnt
W=/tmp/labels41/mntwb; DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
LOGS=${LOGS:-logs}; PFX=${PFX:-r41-}
echo $$ > /sys/fs/cgroup/blkio/labels41/cgroup.procs
cd $R; mkdir -p $LOGS
cold() { sync; umount $S && mount -o sync $(cat /tmp/labels41/loopdev) $S && umount $W && mount $(cat /tmp/labels41/loopdev2) $W || exit 1; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 np=$2; shift 2; rm -f $R/$LOGS/$PFX$name.darshan; hdr "$name np $np: $*"
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf -x DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan \
		${DXT:+-x DXT_ENABLE_IO_TRACE=1} $A "$@"; echo "   rc=$?"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
# common: 3000 samples of 32 KiB, 16 a step, 2 epochs
C="n=3000 ssz=32768 batch=16"
# --- local disk (page cache warm) ---
only shuf-files  && mpi shuf-files 8 mode=files data=$L $C ep=3 us=${US:-3000}
only npy-mmap    && DXT=1 mpi npy-mmap 1 mode=mmap data=$L $C ep=3 us=${US:-6000}
only label-bcast && mpi label-bcast 8 mode=packed k=8 data=$L $C ep=2 chunk=1048576 us=${US:-3000} label=root labelf=$L/labels.csv
only label-all   && mpi label-all 8 mode=packed k=8 data=$L $C ep=2 chunk=1048576 us=${US:-3000} label=all labelf=$L/labels.csv
only packed-4k-local && DXT= mpi packed-4k-local 4 mode=packed k=4 data=$L $C ep=3 chunk=4096 us=${US:-3000}
only packed-1m-local && mpi packed-1m-local 4 mode=packed k=4 data=$L $C ep=3 chunk=1048576 us=${US:-3000}
mkdir -p $L/ck; 
only ckpt-rank0  && { rm -f $L/ck/*; DXT=1 mpi ckpt-rank0 4 mode=packed k=4 data=$L $C ep=2 chunk=1048576 us=${US:-3000} ck=rank0 ckmb=${CKMB:-16} ckevery=${CKE:-25} ckdir=$L/ck fsync=none; }
only ckpt-shard  && { rm -f $L/ck/*; DXT=1 mpi ckpt-shard 4 mode=packed k=4 data=$L $C ep=2 chunk=1048576 us=${US:-3000} ck=shard ckmb=${CKMB:-16} ckevery=${CKE:-25} ckdir=$L/ck fsync=none; }
# --- throttled ---
only files-cold  && { cold; mpi files-cold 4 mode=files data=$T $C ep=2 cold=1 us=${US:-3000}; }
only meta-lookup && { cold; mpi meta-lookup 4 mode=files data=$T $C ep=2 cold=1 meta=1 us=${US:-3000}; }
only packed-1m-cold && { cold; DXT=1 mpi packed-1m-cold 4 mode=packed k=4 data=$T $C ep=2 cold=1 chunk=1048576 us=${US:-3000}; }
only packed-4k-cold && { cold; mpi packed-4k-cold 4 mode=packed k=4 data=$T $C ep=2 cold=1 chunk=4096 us=${US:-3000}; }
mkdir -p $W/ck $S/log
only ckpt-fsync-each && { rm -f $W/ck/*; cold; DXT=1 mpi ckpt-fsync-each 4 mode=packed k=4 data=$T $C ep=2 cold=1 chunk=1048576 us=${US:-3000} ck=shard ckmb=${CKMB:-16} ckevery=${CKE:-25} ckdir=$W/ck wsz=262144 fsync=each; }
only ckpt-fsync-end && { rm -f $W/ck/*; cold; DXT=1 mpi ckpt-fsync-end 4 mode=packed k=4 data=$T $C ep=2 cold=1 chunk=1048576 us=${US:-3000} ck=shard ckmb=${CKMB:-16} ckevery=${CKE:-25} ckdir=$W/ck wsz=262144 fsync=end; }
only log-flush   && { rm -f $S/log/*; cold; mpi log-flush 2 mode=mmap data=$T $C ep=${LE:-2} us=${US:-3000} log=$S/log/train.log logflush=1; }
only log-buffered && { rm -f $S/log/*; cold; mpi log-buffered 2 mode=mmap data=$T $C ep=${LE:-2} us=${US:-3000} log=$S/log/train.log logflush=0; }
ls -l $LOGS | grep "$PFX" | awk '{print "   ", $5, $9}'
