#!/bin/bash
# Round 107's runs (labels107): a seventh centre's ordinary day (5 kinds of jobs drawn by lot, seed 107). Real Darshan
# 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf. PASS=lab: labelled logs
# (logs/r107-NAME) and each problem's twin (reruns/r107-labels107-tw-TWIN); PASS=ab1|ab2: reruns
# (reruns/r107-labels107-PASS-NAME). Run as root after `throttle.sh up`: this script puts itself in the blkio cgroup
# labels107 (only the loop device is limited). Inputs are made here, outside Darshan, when missing.
R=/tmp/labels107/run; S=/tmp/labels107/src; T=/tmp/labels107/mnt; PY=/usr/bin/python3
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels107/cgroup.procs
cd $R; mkdir -p logs reruns in
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r107-$1.darshan;; lab:W) echo $R/reruns/r107-labels107-tw-$1.darshan;;
	*:W) echo $R/reruns/r107-labels107-$PASS-tw-$1.darshan;; *) echo $R/reruns/r107-labels107-$PASS-$1.darshan;; esac; }
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
# fine (local): 4 ranks stack 32 FITS-like frames (2880-B header + 1 MiB each) read through stdio, rank 0 writes the stack
only stack && { [ -f frames/frame031.fits ] || { mkdir -p frames; $S/stack107 mk frames 32; }
	DXT=1 mpi stack L 4 $S/stack107 stack frames 32 stacked.fits 300; }
# fine (local): serial numpy statistics on an 11 MB CSV (150000 rows x 8), bootstrap, three small result files
only csvstats && { [ -f in/survey.csv ] || $PY $S/csv107.py mk in/survey.csv 150000
	mkdir -p out; DXT=1 one csvstats L $PY $S/csv107.py stats in/survey.csv out 40; }
# fine (local): a build step: byte-compile a 300-module Python package (600 .pyc, two optimisation levels)
only build && { [ -d b/pkg107 ] || $PY $S/build107.py mk b 300; rm -rf b/pkg107/__pycache__
	one build L $PY $S/build107.py build b; }
# problem (local): 2 ranks count 31-mers of a 5 MB FASTA, spilling each 8-B k-mer with its own write(2) to 64
# bucket files a rank; twin: a 64 KiB buffer per bucket
only kmer && { [ -f in/reads.fa ] || $S/kmer107 mk in/reads.fa 5
	rm -rf kb; mkdir kb; mpi kmer L 2 $S/kmer107 count in/reads.fa kb 64 raw
	rm -rf kb; mkdir kb; mpi kmer-buf W 2 $S/kmer107 count in/reads.fa kb 64 buf; }
# problem (throttled sync mount): 4 ranks filter 1536 traces and write them back a trace at a time (a 240-B header
# pwrite and a 4000-B samples pwrite each, shared file); twin: each rank's block in one collective write
only seismic && { mkdir -p $T/seis; [ -f $T/seis/shots.sgy ] || $S/seis107 mk $T/seis/shots.sgy 24
	DXT=1 mpi seismic L 4 $S/seis107 proc $T/seis/shots.sgy $T/seis/out.sgy trace 3
	rm -f $T/seis/out.sgy; DXT=1 mpi seismic-block W 4 $S/seis107 proc $T/seis/shots.sgy $T/seis/out.sgy block 3; rm -f $T/seis/out.sgy; }
ls -l logs reruns | tail -3
