#!/bin/bash
# Round 113's runs (labels113): I/O middleware patterns written by hand (src/app113.c). Real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf. PASS=lab: labelled logs (logs/r113-NAME) and
# each problem's twin (reruns/r113-labels113-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r113-labels113-PASS-NAME). Run as
# root after `throttle.sh up`: this script puts itself in the blkio cgroup labels113 (only the loop device is limited).
R=/tmp/labels113/run; S=/tmp/labels113/src; T=/tmp/labels113/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels113/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r113-$1.darshan;; lab:W) echo $R/reruns/r113-labels113-tw-$1.darshan;;
	*:W) echo $R/reruns/r113-labels113-$PASS-tw-$1.darshan;; *) echo $R/reruns/r113-labels113-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
sync
# fine (local): BP-like writer, 4 ranks, 2 aggregators (MPI_Send from the odd rank), 30 steps of 16 variables x 64 KiB a
# rank into data.0/data.1; rank 0 writes md.0 (4 KiB of entries a step) and a 64-B md.idx record a step
only bpw && { rm -rf j/bp; mkdir -p j/bp; DXT=1 mpi bpw L 4 ./app113 bpw j/bp 30 16 64 100 append; }
# fine (local): the reader, 4 ranks, each picks 2 of the 16 variables and reads their 64-KiB blocks of all 30 steps
only bpr && { [ -f j/bp/md.idx ] || ./app113 bpw j/bp 30 16 64 0 append; DXT=1 mpi bpr L 4 ./app113 bpr j/bp 2 0 200; }
# fine (local): log-structured checkpoint, 8 ranks append blocks of 1-4 MiB (+37*rank B) to one file, rank 0 an index, 5x
only lckpt && { rm -f j/ck.dat; mkdir -p j; DXT=1 mpi lckpt L 8 ./app113 lckpt j/ck.dat 5 1000 500; }
# fine (throttled sync mount): hand-made two-phase, 8 ranks x 2 MiB in 4 KiB round-robin pieces, 2 aggregators
# receive their contiguous half by MPI point-to-point and write it in 4 MiB writes, 3 dumps
only tp && { rm -f $T/tp.dat; DXT=1 mpi tp L 8 ./app113 tp $T/tp.dat 2 4 2 3 1000 twophase; }
# problem (throttled sync mount): the BP writer rewrites the whole md.0 from offset 0 every step (100 steps, 64 KiB of
# entries a step); twin: appends each step's entries
only bprew && { rm -rf $T/bp; mkdir -p $T/bp; DXT=1 mpi bprew L 4 ./app113 bpw $T/bp 100 256 1 20 rewrite;
	rm -rf $T/bp; mkdir -p $T/bp; DXT=1 mpi bprew-append W 4 ./app113 bpw $T/bp 100 256 1 20 append; }
# problem (local): the reader pulls its picked blocks in 16-B preads (4096 a 64-KiB block); twin: one pread a block
only bprsmall && { [ -f j/bp/md.idx ] || ./app113 bpw j/bp 30 16 64 0 append; mpi bprsmall L 4 ./app113 bpr j/bp 2 16 200;
	DXT=1 mpi bprsmall-block W 4 ./app113 bpr j/bp 2 0 200; }
# problem (throttled sync mount): no aggregation, every rank pwrites its own 4 KiB pieces (4096), 1 dump;
# twin: the two-phase of tp, 1 dump
only tpnaive && { rm -f $T/tp.dat; DXT=1 mpi tpnaive L 8 ./app113 tp $T/tp.dat 2 4 2 1 1000 naive;
	rm -f $T/tp.dat; DXT=1 mpi tpnaive-twophase W 8 ./app113 tp $T/tp.dat 2 4 2 1 1000 twophase; }
ls -l logs reruns | tail -3
