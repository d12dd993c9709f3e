#!/bin/bash
# Round 119's runs (labels119): five capability-queue job kinds drawn by lot (seed 119). Real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf. PASS=lab: labelled logs (logs/r119-NAME) and
# each problem's twin (reruns/r119-labels119-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r119-labels119-PASS-NAME). Run as
# root after `throttle.sh up`: this script puts itself in the blkio cgroup labels119 (only the loop device is limited).
R=/tmp/labels119/run; S=/tmp/labels119/src; T=/tmp/labels119/mnt; A=/tmp/labels119/app119
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels119/cgroup.procs
mkdir -p $R; cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r119-$1.darshan;; lab:W) echo $R/reruns/r119-labels119-tw-$1.darshan;;
	*:W) echo $R/reruns/r119-labels119-$PASS-tw-$1.darshan;; *) echo $R/reruns/r119-labels119-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
sync
# fine (local): cosmology N-body, 3 snapshots, each one shared file of 4 x 4 MiB written collectively; rank 0 appends a
# one-line snapshot log (stdio)
only nbody && { fresh j/nbody; DXT=1 mpi nbody L 4 $A nbody j/nbody 3 4; }
# fine (local): nuclear eigen-solver, each rank preads its block-cyclic 1 MiB blocks of a 32 MiB basis (offsets jump by
# 4 MiB), rank 0 writes 50 eigenvalues
only eigen && { fresh j/eigen; head -c 33554432 /dev/urandom > j/eigen/basis.dat; DXT=1 mpi eigen L 4 $A eigen j/eigen 32; }
# fine (local): genomics alignment over 240 FASTQ chunks of ~40 KB (read with fgets), each rank writes a small SAM
only genome && { fresh j/genome; mkdir -p j/genome/reads; python3 -c 'import random,sys
r=random.Random(119)
for i in range(240):
    with open(sys.argv[1]+"/reads/chunk_%04d.fastq"%i,"w") as f:
        for k in range(150):
            s="".join(r.choice("ACGT") for _ in range(120)); f.write("@r%d_%d\n%s\n+\n%s\n"%(i,k,s,"I"*120))' j/genome
	mpi genome L 4 $A genome j/genome 240; }
# problem (throttled sync mount): PIC field dumps, 6 dumps of 4 x 512 KiB each written as 4 KiB independent MPI-IO
# writes (768 per dump); twin: one collective write per rank per dump
only pic && { fresh $T/j/pic; DXT=1 mpi pic L 4 $A pic $T/j/pic 6 512 small; fresh $T/j/pic; DXT=1 mpi pic-coll W 4 $A pic $T/j/pic 6 512 coll; }
# problem (throttled sync mount): Monte Carlo, 120 batches, rank 0 rewrites + fsyncs the 1 MiB tally file after every
# batch; twin: once at the end
only mc && { fresh $T/j/mc; DXT=1 mpi mc L 4 $A mc $T/j/mc 120 1024 every; fresh $T/j/mc; DXT=1 mpi mc-end W 4 $A mc $T/j/mc 120 1024 end; }
ls -l logs reruns | tail -3
