#!/bin/bash
# Round 64's runs: MPI programs at 12-32 ranks (src/app64.c, src/f64.f90) under the real Darshan 3.5.0
# runtime /tmp/labels14/darshan-rt (used as it is). Local-disk jobs write to /tmp/labels64/run/out (ext4 on
# the VM's virtio disk); throttled jobs to /tmp/labels64/mnt (see src/throttle.sh), and this shell joins the
# blkio cgroup labels64 first (mpirun and every rank inherit it). Before each throttled run the file system
# is unmounted and mounted again (cold cache). LOGS=dir PFX=name prefix ONLY="names".
R=/tmp/labels64/run; A=$R/app64; F=$R/f64; S=/tmp/labels64/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
LOGS=${LOGS:-logs}; PFX=${PFX:-r64-}
echo $$ > /sys/fs/cgroup/blkio/labels64/cgroup.procs
cd $R; mkdir -p $LOGS out
cold() { sync; umount $S && mount -o sync $(cat /tmp/labels64/loopdev) $S || exit 1; mkdir -p $S/out; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 np=$2; shift 2; hdr "$name np $np: $*"
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none $MCA -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf -x DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan \
		${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"; echo "   rc=$?"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
# local disk
only fpp32      && { rm -f out/fp.*; mpi fpp32 32 $A fpp 128 30 20 10 out/fp; }
only f90-coll16 && { rm -f out/fc.*; mpi f90-coll16 16 $F 512 512 100 25 out/fc; }
only stridi24   && { rm -f out/si.*; mpi stridi24 24 $A stridi 64 20 20 10 out/si; }
only subcoll24  && { rm -f out/sc.*; DXT=1 mpi subcoll24 24 $A subcoll 64 20 20 10 out/sc; }
only gather32   && { rm -f out/ga.*; mpi gather32 32 $A gather 128 30 20 10 out/ga; }
only readall32  && { mpi readall32 32 $A readall 128 30 20 10 in/mesh.bin; }
only readbcast32 && { mpi readbcast32 32 $A readbcast 128 30 20 10 in/mesh.bin; }
# throttled (cold mount before each)
only agg2-24    && { cold; MCA="--mca io_ompio_num_aggregators 2" mpi agg2-24 24 $A agg2 128 30 20 10 $S/out/ag; }
only storm32    && { cold; mkdir -p $S/out/md; mpi storm32 32 $A storm 64 20 20 10 $S/out/md 12; }
only onefile32  && { cold; mkdir -p $S/out/md; mpi onefile32 32 $A onefile 64 20 20 10 $S/out/md 12; }
only onewrite32  && { cold; mkdir -p $S/out/md; mpi onewrite32 32 $A onewrite 64 20 20 10 $S/out/md 12; }
only unbuf12    && { cold; DXT=1 mpi unbuf12 12 $A unbuf 64 20 20 20 $S/out/ub 262144; }
only buf12      && { cold; DXT=1 mpi buf12 12 $A buf 64 20 20 20 $S/out/ub 262144; }
ls -l $LOGS
