#!/bin/bash
# Round 189's runs (labels189): a genomics facility's day (jobs and problems drawn by lot, /tmp/labels189/draw.txt).
# Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is), round 169's darshan-big.conf. Adapted from
# round 169's run_all.sh. PASS=lab: labelled logs (logs/r189-NAME) and each problem's twin
# (reruns/r189-labels189-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r189-labels189-PASS-NAME, -PASS-tw-TWIN).
# Run as root after `throttle.sh up`. Every MPI rank is put by cgwrap.sh in a blkio cgroup (CG=node: all ranks in
# labels189-node, one node; CG=rank: rank r in labels189-r<r>, one client a rank) and gets LD_PRELOAD there.
# Inputs (made outside Darshan, copied to the mount with dd bs=8M) are evicted from the page cache before every run.
R=/tmp/labels189/run; S=/tmp/labels189/src; M=/tmp/labels189/mnt189
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
cd $R; mkdir -p logs reruns data qc
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r189-$1.darshan;; lab:W) echo $R/reruns/r189-labels189-tw-$1.darshan;;
	*:W) echo $R/reruns/r189-labels189-$PASS-tw-$1.darshan;; *) echo $R/reruns/r189-labels189-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
end() { echo "   rc=$1 wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
mpi() { name=$1 kind=$2 cg=$3; shift 3; hdr "$name np 4 cg $cg: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np 4 -x DL=$DL -x CG=$cg \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) -x DXT_ENABLE_IO_TRACE=1 \
		${COMPUTE:+-x COMPUTE=$COMPUTE} ${INDEP:+-x INDEP=$INDEP} $S/cgwrap.sh "$@"; end $?; }
ser() { name=$1 kind=$2; shift 2; hdr "$name serial: $*"; t0=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$S/darshan-big.conf DARSHAN_LOGFILE=$(logname $name $kind) \
		DXT_ENABLE_IO_TRACE=1 "$@"; end $?; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
ev() { ./app189 evict "$@"; }
# PROBLEM (local /tmp ext4, serial): per-sample FASTQ QC/filter, 1 MiB sample (3291 reads) read with fgets, kept reads
# written with fprintf, fflush + fsync after every read; twin: one fsync at the end
only qc && { rm -f qc/*; ser qc L ./qc189 data/sample.fq qc/out.fq qc/report.txt record;
	rm -f qc/*; ser qc-endsync W ./qc189 data/sample.fq qc/out.fq qc/report.txt end; }
# fine (throttled sync mount, one node): index builder, rank 0 reads the 32 MiB reference (4 MiB reads) and broadcasts,
# each rank writes its 16 MiB slice of the index with 8 MiB pwrites (shared file), rank 0 a .fai and a build log (fprintf)
only idxbuild && { fresh $M/ix; ev $M/in/ref.fa; rm -f $M/in/ref.fa.fai; mpi idxbuild L node ./app189 idxbuild $M/in/ref.fa $M/ix/ref.idx; }
# PROBLEM (throttled sync mount, one client a rank): variant caller, regions by chromosome: rank 0 reads chr1's 80 MiB
# of the 128 MiB of aligned records, the others 16 MiB each (1 MiB preads), VCF per rank by fprintf; twin: equal ranges
only varcall && { fresh $M/vc; ev $M/in/aln.dat; mpi varcall L rank ./app189 varcall $M/in/aln.dat $M/vc chrom;
	fresh $M/vc; ev $M/in/aln.dat; mpi varcall-even W rank ./app189 varcall $M/in/aln.dat $M/vc even; }
# fine (throttled sync mount, one node): MPI sorter, 48 MiB of 100-B records, MPI_File_read_at_all, sort, alltoallv,
# MPI_File_write_at_all of the sorted output
only sorter && { fresh $M/so; ev $M/in/rec.dat; mpi sorter L node ./app189 sorter $M/in/rec.dat $M/so/sorted.dat; }
# (added after sorter's counters were read, to measure what its one-aggregator collective I/O costs): the same sorter
# with independent MPI_File_read_at / MPI_File_write_at of each rank's contiguous block
# fine (added after sorter's counters and its twin: the sorter as it should run): the same sorter with independent
# MPI_File_read_at / MPI_File_write_at of each rank's contiguous 12 MiB block (labelled log sortind)
only sortind && { fresh $M/so; ev $M/in/rec.dat; INDEP=1 mpi sortind L node ./app189 sorter $M/in/rec.dat $M/so/sorted.dat; }
only sorter-indep && { fresh $M/so; ev $M/in/rec.dat; INDEP=1 mpi sorter-indep W node ./app189 sorter $M/in/rec.dat $M/so/sorted.dat; }
# PROBLEM (throttled sync mount, one node): aligner, each rank reads its 4 MiB of the FASTQ (4 MiB read), aligns, writes
# one SAM file per 50 reads (1052 files of ~17 KB); twin: one SAM file a rank through a 1 MiB buffer
only aligner && { fresh $M/al; ev $M/in/reads.fq; COMPUTE=80 mpi aligner L node ./app189 aligner $M/in/reads.fq $M/al 50 batch;
	fresh $M/al; ev $M/in/reads.fq; COMPUTE=80 mpi aligner-perrank W node ./app189 aligner $M/in/reads.fq $M/al 50 rank; }
ls -l logs reruns | tail -3
