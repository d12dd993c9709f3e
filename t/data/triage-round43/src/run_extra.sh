#!/bin/bash
# Round 43's extra pairs (run after the three passes, three of each, reruns/r43-labels43-x{1,2,3}-*), for two
# programs whose first twin was no better variant: vec8-indep beside vec8-contig (the same 512 KiB a rank a file
# written as one contiguous block a rank: a vector of 1 block of 512 KiB), and write-ordered beside
# write-ordered-batch (the same 1000 records a rank, batched: one MPI_File_write_ordered of 100 records a step).
R=/tmp/labels43/run; A=$R/app43; L=/tmp/labels43/data; T=/tmp/labels43/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
echo $$ > /sys/fs/cgroup/blkio/labels43/cgroup.procs
cd $R
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 np=$2; shift 2; rm -f $R/reruns/$name.darshan; hdr "$name np $np: $*"
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf -x DARSHAN_LOGFILE=$R/reruns/$name.darshan \
		${DXT:+-x DXT_ENABLE_IO_TRACE=1} $A "$@"; echo "   rc=$?"; }
fresh() { rm -rf $1; mkdir -p $1; }
cold() { sync; umount $T && mount -o sync $(cat /tmp/labels43/loopdev) $T || exit 1; }
for x in 1 2 3; do
	fresh $L/v; mpi r43-labels43-x$x-vec8-indep 4 mode=vec how=indep dir=$L/v blk=8 count=65536 steps=6 sweeps=200
	fresh $L/v; mpi r43-labels43-x$x-vec8-contig 4 mode=vec how=indep dir=$L/v blk=524288 count=1 steps=6 sweeps=200
	fresh $T/o; cold; DXT=1 mpi r43-labels43-x$x-write-ordered 4 mode=ordered how=ordered dir=$T/o rec=1024 recs=100 steps=10 sweeps=200
	fresh $T/o; cold; DXT=1 mpi r43-labels43-x$x-write-ordered-batch 4 mode=ordered how=ordered dir=$T/o rec=102400 recs=1 steps=10 sweeps=200
done
