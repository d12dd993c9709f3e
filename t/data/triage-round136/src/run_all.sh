#!/bin/bash
# Round 136's runs (labels136): an AI research centre's ordinary day, 5 kinds of job drawn by lot (draw136.py, seed 136).
# Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is), round 83's darshan-big.conf. PASS=lab: labelled
# logs (logs/r136-NAME) and each problem's twin (reruns/r136-labels136-tw-TWIN); PASS=ab1|ab2: reruns
# (reruns/r136-labels136-PASS-NAME). Run as root after `throttle.sh up`: this script puts itself in the blkio cgroup
# labels136 (only the loop device is limited).
R=/tmp/labels136/run; S=/tmp/labels136/src; T=/tmp/labels136/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PY=/usr/bin/python3
PASS=${PASS:-lab}
export OPENBLAS_NUM_THREADS=1
echo $$ > /sys/fs/cgroup/blkio/labels136/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r136-$1.darshan;; lab:W) echo $R/reruns/r136-labels136-tw-$1.darshan;;
	*:W) echo $R/reruns/r136-labels136-$PASS-tw-$1.darshan;; *) echo $R/reruns/r136-labels136-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
one() { name=$1 kind=$2; shift 2; hdr "$name: $*"; t0=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$S/darshan-big.conf DARSHAN_LOGFILE=$(logname $name $kind) \
		${DXT:+DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
sync
# inputs (not logged): a 64 MiB token corpus, 300 one-second WAV clips, a 32 MiB embedding index with 256 queries
[ -f e/corpus.tok ] || { mkdir -p e; head -c 67108864 /dev/urandom > e/corpus.tok; }
[ -d aud ] || $PY $S/app136.py mkaudio aud 300
[ -d ret ] || $PY $S/app136.py mkretr ret
# fine (local): embedding generation, 4 ranks read 16 MiB each of the corpus in 2 MiB independent MPI-IO reads,
# write 4 MiB each of embeddings collectively to one file; rank 0 a JSON manifest through stdio
only embed && { rm -f e/emb.f32; DXT=1 mpi embed L 4 ./app136 embed e 64 16; }
# fine (local): serial audio feature extraction, 300 WAV clips of 32 KiB read whole, one features.npy
only audio && { rm -f aud/features.npy; DXT=1 one audio L $PY $S/app136.py audio aud 300; }
# fine (local): serial retrieval evaluation, 32 MiB index + 1 MiB queries read once in 8 MiB reads, qrels text, results TSV
only retr && { DXT=1 one retr L $PY $S/app136.py retr ret 1; }
# problem (local): training-metrics logging, rank 0 write(2)+fsync(2) of every ~100-B step record (400 steps);
# twin: stdio, flushed once at the end
only metrics && { mkdir -p m; DXT=1 mpi metrics L 4 ./app136 metrics m 400 fsync; DXT=1 mpi metrics-buffered W 4 ./app136 metrics m 400 buffered; }
# problem (throttled sync mount): teacher logits, 3072 samples of 4 KiB, each rank one independent 4 KiB write a
# sample at interleaved offsets of one shared file; twin: one collective write of a 64-sample batch a rank
only distill && { mkdir -p $T/d; rm -f $T/d/*; DXT=1 mpi distill L 4 ./app136 distill $T/d 3072 indep
	rm -f $T/d/*; DXT=1 mpi distill-coll W 4 ./app136 distill $T/d 3072 coll; }
ls -l logs reruns | tail -3
