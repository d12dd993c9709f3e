#!/bin/bash
# Round 49's extra twins, run after the passes (the labelled pass showed the local disk serves 4
# parallel readers of 256 MiB faster than one: imbal-even against ckpt-n1's single OMPIO aggregator):
# ckpt-n1 and graph-coll with OMPIO forced to one aggregator a rank (io_ompio_num_aggregators), 3 runs
# each, alternating, cold as run_all.sh. LOGS=dir.
R=/tmp/labels49/run; A=$R/app49; L=/tmp/labels49/data; S=/tmp/labels49/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
LOGS=${LOGS:-twins}
echo $$ > /sys/fs/cgroup/blkio/labels49/cgroup.procs
cd $R; mkdir -p $LOGS
cold() { sync; umount $S && mount $(cat /tmp/labels49/loopdev) $S || exit 1
	for f in $L/* $L/steps/*; do dd if=$f iflag=nocache count=0 status=none; done; }
mpi() { name=$1 np=$2 agg=$3; shift 3; rm -f $LOGS/$name.darshan; cold
	echo "== $name np $np aggregators $agg: $* ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none \
		--mca io_ompio_num_aggregators $agg -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf -x DARSHAN_LOGFILE=$R/$LOGS/$name.darshan \
		-x DXT_ENABLE_IO_TRACE=1 "$@"; echo "   rc=$?"; }
for i in 1 2 3; do
	mpi r49-ckpt-n1-agg4-$i 4 4 $A ckptn1 512 10 150 $L/ck.n1 64
	mpi r49-graph-coll-agg8-$i 8 8 $A graph 128 5 100 $L/graph.csr coll 10
done
