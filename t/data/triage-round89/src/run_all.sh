#!/bin/bash
# Round 89's runs (labels89): a fifth centre's ordinary day, six kinds of jobs drawn by lot (seed 89, see
# ../../triage-expert89.md). Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is), round 26's
# darshan-big.conf. PASS=lab: labelled logs (logs/r89-NAME) and each problem's twin (reruns/r89-labels89-tw-TWIN);
# PASS=ab1|ab2: reruns (reruns/r89-labels89-PASS-NAME). Run as root after `throttle.sh up`: this script puts
# itself in the blkio cgroup labels89 (only the loop device is limited).
R=/tmp/labels89/run; S=/tmp/labels89/src; T=/tmp/labels89/mnt; A=/tmp/labels89
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels89/cgroup.procs
mkdir -p $R; cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r89-$1.darshan;; lab:W) echo $R/reruns/r89-labels89-tw-$1.darshan;;
	*:W) echo $R/reruns/r89-labels89-$PASS-tw-$1.darshan;; *) echo $R/reruns/r89-labels89-$PASS-$1.darshan;; esac; }
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
sync
# fine (local): serial C k-mer count streaming a 48 MiB FASTQ through fgets (stdio), one 1 MiB table out
only fastq && { [ -f $R/in/reads.fq ] || { mkdir -p $R/in; /usr/bin/python3 $S/mkinputs.py fastq $R/in/reads.fq 200000; }
	one fastq L $A/bio89 $R/in/reads.fq $R/kmers.tsv; }
# fine (local): numpy post-processing of 24 dumps of 4 MiB (read once each), three result files
only post && { [ -d $R/dumps ] || /usr/bin/python3 $S/mkinputs.py dumps $R/dumps 24; one post L /usr/bin/python3 $S/post89.py $R/dumps 24 $R/post; }
# problem (throttled sync mount): 4-rank climate history, each rank writes its column block row piece by row
# piece with independent MPI_File_write_at (512 x 1 KiB a rank a step); twin: a subarray view, one write_all
only climate && { fresh $T/clim; DXT=1 mpi climate L 4 $A/app89 climate 512 2 $T/clim indep
	fresh $T/clim; DXT=1 mpi climate-coll W 4 $A/app89 climate 512 2 $T/clim coll; }
# fine (stack on the throttled mount, read with O_DIRECT; output local through numpy tofile): 3-frame temporal
# median keeping a 3-frame window, each of 64 1 MiB frames read once
only image && { [ -d $T/stack ] || /usr/bin/python3 $S/mkinputs.py stack $T/stack 64; fresh $R/filt
	DXT=1 one image L /usr/bin/python3 $S/image89.py $T/stack 64 $R/filt; }
# problem (throttled sync mount): 4-rank FEM, 10 output steps, each rank its own ASCII VTK per step through
# stdio's default 4 KiB buffer (a write(2) every 4 KiB), rank 0 an index file; twins: a 4 MiB stdio buffer
# (fem-bigbuf), legacy VTK BINARY, one fwrite an array (fem-binary, added after the first three passes)
only fem && { fresh $T/fem; DXT=1 mpi fem L 4 $A/app89 fem 10000 10 $T/fem
	fresh $T/fem; DXT=1 mpi fem-bigbuf W 4 $A/app89 fem 10000 10 $T/fem bigbuf
	fresh $T/fem; DXT=1 mpi fem-binary W 4 $A/app89 fem 10000 10 $T/fem binary; }
# problem (throttled sync mount): a parameter sweep appending and fsyncing its results CSV every case (600);
# twin: the lines written once at the end
only sweep && { rm -f $T/results.csv; DXT=1 one sweep L /usr/bin/python3 $S/sweep89.py 600 $T/results.csv each
	rm -f $T/results.csv; DXT=1 one sweep-end W /usr/bin/python3 $S/sweep89.py 600 $T/results.csv end; }
ls -l logs reruns | tail -3
