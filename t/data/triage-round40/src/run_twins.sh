#!/bin/bash
# Round 40's extra twins (reruns/, not labelled), after run_reruns.sh: the restart read with OMPIO forced
# to 4 aggregators (one a rank) against its default, and FLASH-IO with a collective transfer property
# against its default independent one; A B then B A.
R=/tmp/labels40/run; K=$R/kern40; F=$R/flash40; S=/tmp/labels40/mnt/out
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
echo $$ > /sys/fs/cgroup/blkio/labels40/cgroup.procs
cd $R; mkdir -p reruns
cold() { sync; umount /tmp/labels40/mnt && mount -o sync $(cat /tmp/labels40/loopdev) /tmp/labels40/mnt || exit 1; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 np=$2; shift 2; hdr "$name np $np: $*"
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none $MCA -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf -x DARSHAN_LOGFILE=$R/reruns/r40-labels40-$name.darshan \
		-x DXT_ENABLE_IO_TRACE=1 "$@"; echo "   rc=$?"; }
rs() { cold; mpi restart-$1 4 $K restart 16 20 300 $S/rs.dat; }
rs4() { cold; MCA="--mca io_ompio_num_aggregators 4" mpi restart-agg4-$1 4 $K restart 16 20 300 $S/rs.dat; }
fli() { rm -f $S/fl_*; cold; mpi flash-indep-$1 4 $F 80 2 5000 $S/fl; }
flc() { rm -f $S/fl_*; cold; mpi flash-coll-$1 4 $F 80 2 5000 $S/fl coll; }
rs tw1; rs4 tw1; rs4 tw2; rs tw2
fli tw1; flc tw1; flc tw2; fli tw2
# E3SM-like output with the columns dealt in blocks of 2048 (one contiguous run a rank a level: 16 KiB pieces)
# against the labelled 16-column blocks (128 B pieces)
O=$R/out
e16() { rm -f $O/e3.nc; mpi e3sm-b16-$1 8 $K e3sm 16384 32 10 4 3000 $O/e3.nc; }
e2k() { rm -f $O/e3.nc; mpi e3sm-b2048-$1 8 $K e3sm 16384 32 10 4 3000 $O/e3.nc 2048; }
e16 tw1; e2k tw1; e2k tw2; e16 tw2
# VPIC-IO with OMPIO forced to 8 aggregators (one a rank) against its default (one on this node)
v1() { rm -f $O/vp.*; mpi vpic-tw-$1 8 $K vpic 512 4 4000 $O/vp; }
v8() { rm -f $O/vp.*; MCA="--mca io_ompio_num_aggregators 8" mpi vpic-agg8-$1 8 $K vpic 512 4 4000 $O/vp; }
v1 tw1; v8 tw1; v8 tw2; v1 tw2
ls -l reruns | tail -n +2 | awk '{print "   ", $5, $9}'
