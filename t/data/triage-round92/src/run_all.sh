#!/bin/bash
# Round 92's runs (labels92): graph analytics and sparse linear algebra. Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt
# (used as it is), round 26's darshan-big.conf. PASS=lab: labelled logs (logs/r92-NAME) and each problem's twin
# (reruns/r92-labels92-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r92-labels92-PASS-NAME). Run as root after
# `throttle.sh up`: this script puts itself in the blkio cgroup labels92 (only the loop device is limited).
R=/tmp/labels92/run; S=/tmp/labels92/src; T=/tmp/labels92/mnt; A=/tmp/labels92/app92
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels92/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r92-$1.darshan;; lab:W) echo $R/reruns/r92-labels92-tw-$1.darshan;;
	*:W) echo $R/reruns/r92-labels92-$PASS-tw-$1.darshan;; *) echo $R/reruns/r92-labels92-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@" > /dev/null
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
one() { name=$1 kind=$2; shift 2; hdr "$name: $*"; t0=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$S/darshan-big.conf DARSHAN_LOGFILE=$(logname $name $kind) \
		${DXT:+DXT_ENABLE_IO_TRACE=1} "$@" > /dev/null
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
# inputs (not under Darshan): a 65536-vertex random graph, 3 M edges (binary 24 MB; Matrix Market text 62 MB and its
# binary triplets 48 MB) and a 400 k-edge text edge list (4.6 MB) for the preprocessing
[ -f in/matrix.bin ] || { mkdir -p in/s; $A gen in 65536 3000000; $A gen in/s 65536 400000; }
sync
# fine (local): serial numpy preprocessing: text edge list -> degree relabel, sorts -> 4 partition files for cg
only prep && { rm -rf j/parts; one prep L /usr/bin/python3 $S/prep92.py parts in/s/edges.txt j/parts 4; }
# fine (local): 8 ranks, rank 0 reads the 24 MB binary edge list in one read(2) and scatters it, 40 PageRank sweeps
only scatter && DXT=1 mpi scatter L 8 $A scatter in/edges.bin 40
# fine (local): 8 ranks each read their 3 MB slice of the edge list in one collective MPI-IO read, 40 sweeps
only slices && DXT=1 mpi slices L 8 $A slices in/edges.bin 40
# fine (local): 4 ranks read their partition file, 400 iterations, rank 0 residual line an iteration (stdio),
# the 4 MiB solution vector checkpointed collectively to one file every 20 iterations (the same file rewritten 20x)
only cg && { [ -d j/parts ] || /usr/bin/python3 $S/prep92.py parts in/s/edges.txt j/parts 4; rm -rf j/cg; mkdir -p j/cg
	DXT=1 mpi cg L 4 $A cg j/parts 400 j/cg coll 20; }
# problem (local): rank 0 parses the 3 M-entry Matrix Market file with fscanf and scatters it, 40 power iterations;
# twin: rank 0 freads the same triplets stored in binary
only mmfscanf && { DXT=1 mpi mmfscanf L 4 $A mm in/matrix.mtx fscanf 40; DXT=1 mpi mmfscanf-bin W 4 $A mm in/matrix.bin bin 40; }
# problem (throttled sync mount): the solver (300 iterations) checkpoints each rank's 1 MiB of the vector to its own
# file every 100 iterations in 4 KiB write(2)s; twin: one write(2) a rank
only ckpt4k && { [ -d j/parts ] || /usr/bin/python3 $S/prep92.py parts in/s/edges.txt j/parts 4; rm -rf $T/j/ck; mkdir -p $T/j/ck
	DXT=1 mpi ckpt4k L 4 $A cg j/parts 300 $T/j/ck 4k 100; rm -rf $T/j/ck; mkdir -p $T/j/ck
	DXT=1 mpi ckpt4k-big W 4 $A cg j/parts 300 $T/j/ck big 100; }
# problem (throttled sync mount): the preprocessing writes the graph as 2000 vertex-block files; twin: one packed
# file and an index
only blkstorm && { rm -rf $T/j/bs; one blkstorm L /usr/bin/python3 $S/prep92.py blocks in/s/edges.txt $T/j/bs 2000
	rm -rf $T/j/bs; one blkstorm-packed W /usr/bin/python3 $S/prep92.py packed in/s/edges.txt $T/j/bs 2000; }
ls -l logs reruns | tail -3
