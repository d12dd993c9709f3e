#!/bin/bash
# Round 103's runs (labels103): a sixth centre's ordinary day, five kinds of jobs drawn by lot (seed 103). Real Darshan
# 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf, all on local disk (/tmp, ext4).
# PASS=lab: labelled logs (logs/r103-NAME) and each problem's twin (reruns/r103-labels103-tw-TWIN);
# PASS=ab1|ab2: reruns (reruns/r103-labels103-PASS-NAME). Inputs (in/) are made by mkinputs below once.
R=/tmp/labels103/run; S=/tmp/labels103/src
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r103-$1.darshan;; lab:W) echo $R/reruns/r103-labels103-tw-$1.darshan;;
	*:W) echo $R/reruns/r103-labels103-$PASS-tw-$1.darshan;; *) echo $R/reruns/r103-labels103-$PASS-$1.darshan;; esac; }
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
# inputs: a 64 MiB reference index, 20000 100-bp reads, 300 16 KiB files to archive
[ -f in/ref.idx ] || { mkdir -p in/src; head -c 64M /dev/urandom > in/ref.idx
	python3 -c 'import random
r=random.Random(1)
with open("in/reads.fq","w") as f:
  for i in range(20000): f.write("".join(r.choice("ACGT") for _ in range(100))+"\n")'
	for i in $(seq 0 299); do head -c 16384 /dev/urandom > in/src/$(printf f%04d.dat $i); done; }
sync
# fine: 4-rank CFD solver, 60 iterations, rank 0 logs a stdio line an iteration, 4x8 MiB collective checkpoint at the end
only cfd && { rm -rf j/cfd; mkdir -p j/cfd; DXT=1 mpi cfd L 4 ./app103 cfd 60 j/cfd; }
# fine: 4-rank post-processing: reads the checkpoint collectively, renders, rank 0 writes one 768 KiB PPM frame
only viz && { [ -f j/cfd/restart.chk ] || ./app103 cfd 1 j/cfd; DXT=1 mpi viz L 4 ./app103 viz 40 j/cfd; }
# fine: serial archiver packing 300 16 KiB files (compressing each) into one archive through a 1 MiB buffer
only archive && { one archive L ./tools103 archive in/src 300 j/out.tar; }
# problem: serial aligner re-reads its whole 64 MiB reference index for each of 40 batches of 500 reads; twin: once
only align && { one align L ./tools103 align reref in/ref.idx in/reads.fq j/out.sam 40
	one align-once W ./tools103 align once in/ref.idx in/reads.fq j/out.sam 40; }
# problem: serial k-mer counter dumps its 64 MiB table as one 16-B write(2) an entry (4 Mi writes); twin: 1 MiB writes
only kmer && { one kmer L ./tools103 kmer small j/kmers.tab 64; one kmer-buf W ./tools103 kmer buf j/kmers.tab 64; }
rm -f j/kmers.tab j/out.sam j/out.tar
ls -l logs reruns | tail -3
