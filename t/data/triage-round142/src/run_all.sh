#!/bin/bash
# Round 142's runs (labels142): text and language data processing at scale. Real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf. PASS=lab: labelled logs (logs/r142-NAME)
# and each problem's twin (reruns/r142-labels142-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r142-labels142-PASS-NAME).
# Run as root after `throttle.sh up`: this script puts itself in the blkio cgroup labels142 (only the loop device
# is limited). The corpus (16 gzip shards, 1500 documents each, vocab.tsv) is made once by gen142.py, not logged.
R=/tmp/labels142/run; S=/tmp/labels142/src; T=/tmp/labels142/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels142/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r142-$1.darshan;; lab:W) echo $R/reruns/r142-labels142-tw-$1.darshan;;
	*:W) echo $R/reruns/r142-labels142-$PASS-tw-$1.darshan;; *) echo $R/reruns/r142-labels142-$PASS-$1.darshan;; esac; }
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
fresh() { rm -rf $1; mkdir -p $1; }
[ -f corpus/vocab.tsv ] || /usr/bin/python3 $S/gen142.py $R/corpus 16 1500
sync
# fine (local): 4 ranks each read the 1.5 MB vocabulary (stdio), gzread their 4 shards, keep clean documents,
# append them to one output shard a rank (1 MiB writes)
only filter && { fresh o/filter; DXT=1 mpi filter L 4 ./app142 filter corpus 16 o/filter; }
# fine (local): 8 ranks count vocabulary words of their 2 shards; MPI_Reduce; rank 0 writes the 1.5 MB count table (stdio)
only count && { fresh o/count; DXT=1 mpi count L 8 ./app142 count corpus 16 o/count; }
# fine (local): serial numpy inverted index: 8 sorted runs spilled (np.save) and merged (np.load), final postings
only index && { fresh o/index; one index L /usr/bin/python3 $S/index142.py corpus 16 o/index 3000; }
# problem (throttled sync mount): every kept document to its own file (1875 files); twin: one output shard a rank
only perdoc && { fresh $T/pd; mpi perdoc L 4 ./app142 perdoc corpus 16 $T/pd; fresh $T/pd; mpi perdoc-shard W 4 ./app142 filter corpus 16 $T/pd; }
# problem (local): dedup spills 16-B shingle entries to 8 bucket files a rank with one write(2) each (1.8M a rank);
# twin: 256 KiB buffers a bucket
only dedup && { fresh o/dedup; mpi dedup L 2 ./app142 dedup corpus 16 o/dedup small; fresh o/dedup; mpi dedup-buf W 2 ./app142 dedup corpus 16 o/dedup buf; }
ls -l logs reruns | tail -3
