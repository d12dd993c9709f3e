#!/bin/bash
# Round 78's fpr twins (added after the labelled pass, before any label): h5p-fpp (a new HDF5 file per rank per
# step) against each rank keeping one HDF5 file open for the run (h5p78b fpr: h5p78 from the same source with the
# fpr mode added; coll and fpp unchanged), same sizes, same throttled sync mount. 2 A B pairs.
R=/tmp/labels78/run; T=/tmp/labels78/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so; CONF=/tmp/labels78/src/darshan-big.conf
echo $$ > /sys/fs/cgroup/blkio/labels78/cgroup.procs
cd $R
mpi() { name=$1 np=$2; shift 2; echo "== $name np $np: $* ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$CONF -x DARSHAN_LOGFILE=$R/reruns/r78-labels78-$name.darshan -x DXT_ENABLE_IO_TRACE=1 "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
for p in 1 2; do
	rm -rf $T/out/p; mkdir -p $T/out/p; mpi fp$p-h5p-fpp 4 ./h5p78b fpp 8192 100 100 1 $T/out/p/s
	rm -rf $T/out/p; mkdir -p $T/out/p; mpi fp$p-h5p-fpr 4 ./h5p78b fpr 8192 100 100 1 $T/out/p/s
done
