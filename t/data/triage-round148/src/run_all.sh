#!/bin/bash
# Round 148's runs (labels148): genomic variant calling (aligned reads in, variants out). Real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is), round 146's darshan-big.conf (round 26's). PASS=lab: labelled logs
# (logs/r148-NAME) and each problem's twin (reruns/r148-labels148-tw-TWIN); PASS=ab1|ab2: reruns
# (reruns/r148-labels148-PASS-NAME). Run as root after `throttle.sh up`: this script puts itself in the blkio cgroup
# labels148 (only the loop device is limited). Inputs made once before (no Darshan): `./app148 gen reads.bin 64`,
# `./app148 gen ref.fa 32` in $R, `./app148 gen $T/reads.bin 64` on the mount.
R=/tmp/labels148/run; S=/tmp/labels148/src; T=/tmp/labels148/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels148/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r148-$1.darshan;; lab:W) echo $R/reruns/r148-labels148-tw-$1.darshan;;
	*:W) echo $R/reruns/r148-labels148-$PASS-tw-$1.darshan;; *) echo $R/reruns/r148-labels148-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} \
		${COMPUTE:+-x COMPUTE=$COMPUTE} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
sync
# fine (local): 4 ranks each read their quarter of the 64 MiB aligned-reads file in 4 MiB preads, pile up and call;
# records gathered to rank 0, which writes the ~2.8 MB VCF with fprintf (stdio)
only call && { fresh j/c; COMPUTE=24 DXT=1 mpi call L 4 ./app148 call reads.bin j/c/calls.vcf; }
# fine (local): 2 ranks realign locally, each fetching 20000 reference windows of 150-300 B at random offsets of the
# 32 MiB reference (hot in the page cache) with pread, aligning reads against each window
only refwin && { COMPUTE=180 mpi refwin L 2 ./app148 refwin ref.fa 20000; }
# fine (local): serial annotation of call's VCF (scoring each record): a 32 MiB database read whole, the VCF read with fgets and each
# annotated record written with fprintf (stdio)
only annot && { [ -f j/c/calls.vcf ] || ./app148 call reads.bin j/c/calls.vcf; fresh j/a; COMPUTE=1500 DXT=1 mpi annot L 1 ./app148 annot j/c/calls.vcf j/a/annot.vcf ref.fa; }
# problem (throttled sync mount): 2 ranks write their calls as one small VCF per 10-kb region, 400 files a rank
# (open/write/close each); twin: the same per-region write()s appended to one VCF a rank
only shards && { fresh $T/sh; mpi shards L 2 ./app148 shards $T/sh 400 many; fresh $T/sh; mpi shards-one W 2 ./app148 shards $T/sh 400 one; rm -rf $T/sh; }
# problem (throttled sync mount): 2 ranks re-check 5000 candidate sites each by a 512-B pread at each site of their
# half of the (cold) 64 MiB aligned-reads file, in site order; twin: sites sorted, the half read once in 4 MiB preads
only rrand && { ./app148 drop $T/reads.bin; mpi rrand L 2 ./app148 rrand $T/reads.bin 5000 rand; ./app148 drop $T/reads.bin; mpi rrand-seq W 2 ./app148 rrand $T/reads.bin 5000 seq; }
ls -l logs reruns | tail -3
