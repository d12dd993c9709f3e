#!/bin/bash
# Round 40's runs: src/kern40.c and src/flash40.c (the I/O patterns of HACC-IO, NAS BT-IO, FLASH-IO,
# VPIC-IO, MADbench2, a restart read and E3SM-like history output) under the real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is). Half run on the local ext4 disk (/tmp/labels40/run/out), half
# on the throttled loop device of src/throttle.sh (/tmp/labels40/mnt, ext4 -o sync, blkio cgroup
# labels40). This shell joins the cgroup (only the throttled device is limited by it); mpirun and every
# rank inherit it. Before each throttled run the file system is unmounted and mounted again (cold cache).
# LOGS=dir PFX=name prefix ONLY="names".
R=/tmp/labels40/run; K=$R/kern40; F=$R/flash40; S=/tmp/labels40/mnt/out; O=$R/out
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
LOGS=${LOGS:-logs}; PFX=${PFX:-r40-}
echo $$ > /sys/fs/cgroup/blkio/labels40/cgroup.procs
cd $R; mkdir -p $LOGS $O $S
cold() { sync; umount /tmp/labels40/mnt && mount -o sync $(cat /tmp/labels40/loopdev) /tmp/labels40/mnt || exit 1; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 np=$2; shift 2; hdr "$name np $np: $*"
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf -x DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan \
		${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"; echo "   rc=$?"; }
MR="mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none"
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
# local disk
H=${H:-1024 3 6000}   # 1 Mi particles (38 MiB) a rank, 3 checkpoints
only hacc-fpp-posix     && { rm -f $O/hf.*; DXT=1 mpi hacc-fpp-posix 4 $K hacc $H fpp posix $O/hf; }
only hacc-shared-posix  && { rm -f $O/hs.*; DXT=1 mpi hacc-shared-posix 4 $K hacc $H shared posix $O/hs; }
only hacc-shared-mpiio  && { rm -f $O/hm.*; DXT=1 mpi hacc-shared-mpiio 4 $K hacc $H shared mpiio $O/hm; }
only vpic               && { rm -f $O/vp.*; DXT=1 mpi vpic 8 $K vpic ${VP:-512 4 4000} $O/vp; }
only e3sm               && { rm -f $O/e3.nc; DXT=1 mpi e3sm 8 $K e3sm ${E3:-16384 32 10 4 3000} $O/e3.nc; }
# throttled storage (cold cache each run)
only btio-full   && { rm -f $S/bt.full; cold; DXT=1 mpi btio-full 4 $K btio ${BT:-32 5 4000} full $S/bt.full; }
only btio-simple && { rm -f $S/bt.simple; cold; mpi btio-simple 4 $K btio ${BT:-32 5 4000} simple $S/bt.simple; }
only flash       && { rm -f $S/fl_*; cold; DXT=1 mpi flash 4 $F ${FL:-80 2 5000} $S/fl; }
only mad         && { rm -f $S/mad.dat; cold; DXT=1 mpi mad 4 $K mad ${MD:-8 4096 300} $S/mad.dat; }
only restart     && { [ -f $S/rs.dat ] || $MR -np 4 $K mkrestart ${RB:-65536} $S/rs.dat >/dev/null; cold; DXT=1 mpi restart 4 $K restart ${RS:-16 20 300} $S/rs.dat; }
# btio-simple runs without DXT: its 4096+4096 small calls a run would make the log large
ls -l $LOGS | tail -n +2 | awk '{print "   ", $5, $9}'
