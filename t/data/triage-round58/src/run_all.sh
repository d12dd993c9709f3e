#!/bin/sh
# Round 58's runs under the real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is). LOGS=dir PFX=prefix
# ONLY="names". The script puts itself in the blkio cgroup labels58 (throttle.sh): only the loop devices are limited,
# so the local-disk jobs (out/, in/) are not slowed; the slow ones (s-*) read and write /tmp/labels58/mnt (-o sync).
R=/tmp/labels58/run; A=$R/app58; S=/tmp/labels58/mnt; PY=/usr/bin/python3
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
LOGS=${LOGS:-logs}; PFX=${PFX:-r58-}
echo $$ > /sys/fs/cgroup/blkio/labels58/cgroup.procs
cd $R; mkdir -p out $LOGS
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 np=$2; shift 2; hdr "$name np $np: $*"
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf -x DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan \
		${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"; echo "   rc=$? end $(date -u +%T)"; }
# a serial tool (sort, python) under Darshan's non-MPI mode
ser() { name=$1; shift; hdr "$name: $*"; s0=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf \
		DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan ${DXT:+DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $s0" | bc) s end $(date -u +%T)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
# local disk
only kmer-gz     && mpi kmer-gz 1 $A kmer-gz in/reads.fq.gz 1024 6
only kmer-mpi    && DXT=1 mpi kmer-mpi 4 $A kmer in/reads.fq 4 12
only ref-once    && mpi ref-once 1 $A ref in/ref.bin 500000 once 6000
only ref-pread   && mpi ref-pread 1 $A ref in/ref.bin 500000 pread 6000
only sort-text   && { rm -rf out/sorttmp; mkdir -p out/sorttmp; ser sort-text sort -S 64M -T out/sorttmp --parallel=1 -k1,1 -k2,2n in/features.tsv -o out/features.sorted.tsv; }
only cov-f90     && { mkdir -p out/cov; DXT=1 mpi cov-f90 4 $R/samp58 out/cov 2000000 400; }
only samples-big && { rm -rf out/smp; mkdir -p out/smp; mpi samples-big 4 $A samples in/samples out/smp 16 big 12000; }
only images-np   && DXT=1 ser images-np $PY src/im58.py reduce in/img 120 out/im 8
# slow storage
only s-kmer-gz   && DXT=1 mpi s-kmer-gz 1 $A kmer-gz $S/in/reads.fq.gz 1024 6
only s-samples-small && { rm -rf $S/out/smp; mkdir -p $S/out/smp; mpi s-samples-small 4 $A samples $S/in/samples $S/out/smp 8 small 3000; }
only s-samples-big   && { rm -rf $S/out/smp; mkdir -p $S/out/smp; mpi s-samples-big 4 $A samples $S/in/samples $S/out/smp 8 big 3000; }
only s-merge-files   && { rm -rf $S/out/mg; mkdir -p $S/out/mg; DXT=1 mpi s-merge-files 8 $A merge $S/out/mg 8 files 150; }
only s-merge-reduce  && { rm -rf $S/out/mg; mkdir -p $S/out/mg; DXT=1 mpi s-merge-reduce 8 $A merge $S/out/mg 8 reduce 150; }
only s-tok-perdoc    && { rm -rf $S/out/tok; mkdir -p $S/out/tok; ser s-tok-perdoc $PY src/tok58.py run $S/in/corpus1500.txt $S/out/tok perdoc; }
only s-tok-onefile   && { rm -rf $S/out/tok; mkdir -p $S/out/tok; ser s-tok-onefile $PY src/tok58.py run $S/in/corpus1500.txt $S/out/tok onefile; }
ls -l $LOGS
