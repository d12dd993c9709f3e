#!/bin/bash
# Round 157's runs (labels157): GNN training on large partitioned graphs. Real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf (copied from round 146). Pattern of round 146's
# run_all.sh. PASS=lab: labelled logs (logs/r157-NAME) and each problem's twin (reruns/r157-labels157-tw-TWIN);
# PASS=ab1|ab2: reruns (reruns/r157-labels157-PASS-NAME). Run as root after `throttle.sh up` (blkio cgroup labels157).
R=/tmp/labels157/run; S=/tmp/labels157/src; T=/tmp/labels157/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels157/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r157-$1.darshan;; lab:W) echo $R/reruns/r157-labels157-tw-$1.darshan;;
	*:W) echo $R/reruns/r157-labels157-$PASS-tw-$1.darshan;; *) echo $R/reruns/r157-labels157-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
plain() { mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np 1 "$@" >/dev/null; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
# data (no Darshan): 4 partitions of 8 MiB edge lists (int64 pairs) and a 16 MiB feature store (65536 rows of 256 B)
[ -f j/g/feat.bin ] || { mkdir -p j/g; plain ./app157 gen j/g 4 8 65536; }
sync
# fine (local): 4 ranks load their partition (4 MiB reads) and their quarter of the feature store (1 MiB preads),
# 4 epochs of 20 iterations with allreduce; rank 0 alone writes a 4 MiB checkpoint per epoch and a fprintf log line per iteration
only train && { DXT=1 mpi train L 4 ./app157 train j/g 4; }
# fine (local): 2 ranks of neighbour sampling: 20000 batches of 2 random 256-B feature-row preads (feature store page-cached)
# and work(60000) of compute each, DXT off (40000 reads a rank). Earlier versions were set aside: see README.md
only sample && { mpi sample L 2 ./app157 sample j/g 20000 2 60000; }
# problem (local): 2 ranks read two 8 MiB partition edge lists each, one 16-B edge per read(2); twin: 4 MiB reads
only load && { mpi load L 2 ./app157 load j/g edge; mpi load-bulk W 2 ./app157 load j/g bulk; }
# problem (throttled sync mount): 2 ranks export 3000 node embeddings each (256 B a row), fsync after every row;
# twin: one fsync a rank at the end
only export && { rm -rf $T/e; mkdir -p $T/e; mpi export L 2 ./app157 export $T/e 3000 fsync; rm -rf $T/e; mkdir -p $T/e; mpi export-end W 2 ./app157 export $T/e 3000 end; }
ls -l logs reruns | tail -3
