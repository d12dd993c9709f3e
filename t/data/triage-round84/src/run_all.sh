#!/bin/bash
# Round 84's runs (labels84): genomics pipelines. Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is),
# round 26's darshan-big.conf. PASS=lab: labelled logs (logs/r84-NAME) and each problem's twin
# (reruns/r84-labels84-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r84-labels84-PASS-NAME). Run as root after
# `throttle.sh up` and src/mkinputs.sh: this script puts itself in the blkio cgroup labels84 (only the loop device is
# limited); vcscan and its twin run in the memory cgroup labels84 as well (64 MiB).
R=/tmp/labels84/run; S=/tmp/labels84/src; T=/tmp/labels84/mnt; A=/tmp/labels84/app84
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels84/cgroup.procs
cd $R; mkdir -p logs reruns o tmp $T/o $T/tmp
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r84-$1.darshan;; lab:W) echo $R/reruns/r84-labels84-tw-$1.darshan;;
	*:W) echo $R/reruns/r84-labels84-$PASS-tw-$1.darshan;; *) echo $R/reruns/r84-labels84-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) -x DXT_ENABLE_IO_TRACE=1 "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
one() { name=$1 kind=$2; shift 2; hdr "$name: $*"; t0=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$S/darshan-big.conf DARSHAN_LOGFILE=$(logname $name $kind) \
		DXT_ENABLE_IO_TRACE=1 "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
# drop a file's pages from the page cache (the memory-limited node has not got them cached when the job starts)
drop() { /usr/bin/python3 -c 'import os,sys
fd=os.open(sys.argv[1],os.O_RDONLY); os.posix_fadvise(fd,0,0,os.POSIX_FADV_DONTNEED); os.close(fd)' $1; }
sync
# fine (local): 4 ranks align their sample's FASTQ.gz (STDIO fread 64 KiB + zlib), each reads the whole 24 MiB
# reference, SAM through stdio, a small index per sample
only align && mpi align L 4 $A align $R/in/ref.fa $R/in $R/o 20000 40 stdio
# fine (local): serial external sort of 1M 32-B records (32 MiB) through 8 temp files of 4 MiB, merged in 64 KiB
# refills to 1 MiB output writes, temp files unlinked
only sort && one sort L $A sort $R/in/recs.bin $R/tmp 131072 $R/o/sorted.bin
# fine (local): Python variant caller, 40 regions fetched through ref.fa.fai, BAM-like blocks through its index
only vcall && one vcall L /usr/bin/python3 $S/vcall84.py fai $R/in/ref.fa $R/in/sample.bam 40 60000 $R/o/calls.vcf
# problem (throttled sync mount): 2 ranks write each SAM record with its own write(2) (1500 a rank, ~150 B);
# twin: the same records through stdio
only alnunbuf && { mpi alnunbuf L 2 $A align $T/in/ref.fa $T/in $T/o 1500 40 unbuf
	mpi alnunbuf-stdio W 2 $A align $T/in/ref.fa $T/in $T/o 1500 40 stdio; }
# problem (throttled sync mount): the sort spills every 500 records (16 KB) to a new temp file: 600 temp files;
# twin: 40000-record chunks (8 temp files)
only sortstorm && { one sortstorm L $A sort $T/in/recs.bin $T/tmp 500 $T/o/sorted.bin
	one sortstorm-big W $A sort $T/in/recs.bin $T/tmp 40000 $T/o/sorted.bin; }
# problem (throttled mount, 64 MiB memory cgroup): the caller finds each of 24 regions by reading the 96 MiB reference
# from the top (no .fai): re-reads from the device; twin: through ref96.fa.fai
only vcscan && ( echo $BASHPID > /sys/fs/cgroup/memory/labels84/cgroup.procs; drop $T/in/ref96.fa
	one vcscan L /usr/bin/python3 $S/vcall84.py scan $T/in/ref96.fa $T/in/sample.bam 24 20000 $T/o/calls.vcf
	drop $T/in/ref96.fa; one vcscan-fai W /usr/bin/python3 $S/vcall84.py fai $T/in/ref96.fa $T/in/sample.bam 24 20000 $T/o/calls.vcf )
ls -l logs reruns | tail -3
