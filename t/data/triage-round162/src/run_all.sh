#!/bin/bash
# Round 162's runs (labels162): metagenomics and k-mer counting (sequence files in, count tables and bins out). Real
# Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf (copied from round 158).
# Adapted from round 158's run_all.sh. PASS=lab: labelled logs (logs/r162-NAME) and each problem's twin
# (reruns/r162-labels162-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r162-labels162-PASS-NAME). Run as root after
# `throttle.sh up`: this script puts itself in the blkio cgroup labels162 (only the loop device is limited). Inputs are
# made (outside Darshan) by prep below.
R=/tmp/labels162/run; S=/tmp/labels162/src; T=/tmp/labels162/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels162/cgroup.procs
cd $R; mkdir -p logs reruns data j
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r162-$1.darshan;; lab:W) echo $R/reruns/r162-labels162-tw-$1.darshan;;
	*:W) echo $R/reruns/r162-labels162-$PASS-tw-$1.darshan;; *) echo $R/reruns/r162-labels162-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} \
		"$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
# prep (not logged): a 64 MiB FASTQ of 150-bp reads (315-B records) on local disk, a 16 MiB one on the throttled mount,
# 32 MiB of assembled contigs (FASTA) on the throttled mount, an 8 MiB k-mer -> taxon database on local disk
[ -f data/reads64.fq ] || ./app162 gen-fq data/reads64.fq 64
[ -f data/kdb.bin ] || ./app162 gen-db data/kdb.bin
[ -f $T/reads16.fq ] || ./app162 gen-fq $T/reads16.fq 16
[ -f $T/contigs.fa ] || ./app162 gen-ctg $T/contigs.fa 32
sync
# fine (local): 4 ranks read their 16 MiB block of the FASTQ (+ 4 KiB look-ahead to finish the last record) in 4 MiB
# MPI_File_read_at calls, count 10-mers, reduce the 4 MiB table to rank 0, scatter quarters, write them with
# MPI_File_write_at_all to one table; rank 0 writes a 102-line abundance histogram CSV and a one-line run.json
only kcount && { fresh j/kc; DXT=1 mpi kcount L 4 ./app162 kcount data/reads64.fq j/kc; }
# fine (local): taxonomic classification: every rank loads the whole 8 MiB k-mer database (1 MiB preads; each rank
# needs all of it), reads its 16 MiB FASTQ block in 4 MiB preads, writes one fprintf line per read (~17 B) to its own
# classified.rN.tsv (~53k lines a rank); rank 0 writes a 65-line report.tsv
only classify && { fresh j/cl; DXT=1 mpi classify L 4 ./app162 classify data/reads64.fq data/kdb.bin j/cl; }
# fine (throttled sync mount, input dropped from the page cache first): 4 ranks, uneven blocks (20/24/26/30 %) of the
# contigs read in 2 MiB preads (+ 256 KiB look-ahead to finish the last contig), each rank bins its contigs by GC into
# 4 FASTA files of its own written in 1 MiB writes; rank 0 gathers the counts and writes a 17-line bins.tsv
only bins && { fresh $T/bins; ./app162 drop $T/contigs.fa; DXT=1 mpi bins L 4 ./app162 bins $T/contigs.fa $T/bins; }
# problem (local): the k-mer counter's FASTQ reader preads every line of every record on its own (11/151/2/151 B,
# 4 preads a record, ~53k records a rank); twin: 4 MiB preads parsed in memory
only fqline && { fresh j/fl; mpi fqline L 4 ./app162 fqline data/reads64.fq j/fl line;
	fresh j/fl; DXT=1 mpi fqline-block W 4 ./app162 fqline data/reads64.fq j/fl block; }
# problem (throttled sync mount): disk-based k-mer counter spills each rank's partial counts into 128 bucket files
# (32 KiB each, 512 files), then each rank merges its 32 buckets by opening the 4 ranks' files for each; twin: one spill
# file per rank holding the 128 buckets at offsets (same 32 KiB requests)
only spill && { fresh $T/sp; ./app162 drop $T/reads16.fq; mpi spill L 4 ./app162 spill $T/reads16.fq $T/sp files;
	fresh $T/sp; ./app162 drop $T/reads16.fq; DXT=1 mpi spill-one W 4 ./app162 spill $T/reads16.fq $T/sp one; }
ls -l logs reruns | tail -3
