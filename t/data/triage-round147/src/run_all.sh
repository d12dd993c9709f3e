#!/bin/bash
# Round 147's runs (labels147): molecular docking and virtual screening campaigns. Real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf (copied from round 146). PASS=lab: labelled logs
# (logs/r147-NAME) and each problem's twin (reruns/r147-labels147-tw-TWIN); PASS=ab1|ab2: reruns
# (reruns/r147-labels147-PASS-NAME). Run as root after `throttle.sh up`: this script puts itself in the blkio cgroup
# labels147 (only the loop device is limited). Adapted from round 146's run_all.sh.
R=/tmp/labels147/run; S=/tmp/labels147/src; T=/tmp/labels147/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels147/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r147-$1.darshan;; lab:W) echo $R/reruns/r147-labels147-tw-$1.darshan;;
	*:W) echo $R/reruns/r147-labels147-$PASS-tw-$1.darshan;; *) echo $R/reruns/r147-labels147-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} \
		${COMPUTE:+-x COMPUTE=$COMPUTE} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
sync
# fine (local): 4 ranks screen a 4096-ligand library (1 KiB records, 4 MiB file): contiguous shard a rank read with 1 MiB
# MPI_File_read_at, 3 ms of docking a ligand, 4 KiB of poses a ligand written to a file a rank in 1 MiB batches
only screen && { mkdir -p j/s; rm -f j/s/poses-*; COMPUTE=3000 DXT=1 mpi screen L 4 ./app147 screen j/s 4096; }
# fine, tempting (local): 4 ranks score 20000 ligands (0.5 ms each), read a 40-line receptor.cfg with fgets; rank 0
# alone writes hits.csv (20001 fprintf lines, ~1 MB through the STDIO buffer) after an MPI_Gather of the scores
only summary && { fresh j/c; COMPUTE=500 DXT=1 mpi summary L 4 ./app147 summary j/c 20000; }
# fine, tempting (throttled sync mount): 2 ranks dock 2000 ligands each (3 ms), a 250-ligand batch of 1000-B result
# records (250,000 B, unaligned offsets) pwrite'n to a checkpoint file a rank and fsync'ed once a batch (8 fsyncs a rank)
only ckpt && { fresh $T/c; COMPUTE=3000 DXT=1 mpi ckpt L 2 ./app147 ckpt $T/c 2000 250; }
# fine, tempting (local): 4 ranks dock 400 ligands (5 ms) each, re-reading the 8 receptor grid maps (2 MiB each, 256 KiB
# reads) before every 40-ligand batch: 10 reads of the same 16 MiB a rank, all from the page cache; twin (to measure
# what the re-reads cost, though it is labelled fine): the maps read once
only regrid && { mkdir -p j/g; COMPUTE=5000 mpi regrid L 4 ./app147 regrid j/g 400 40 every; COMPUTE=5000 mpi regrid-once W 4 ./app147 regrid j/g 400 40 once; }
# problem (throttled sync mount): 4 ranks write each docked ligand's pose (3100 B) to a new file (300 a rank, 1200
# files in one directory); twin: the same poses gathered in a 1 MiB buffer and appended to one file a rank
only posefiles && { fresh $T/p; COMPUTE=2000 mpi posefiles L 4 ./app147 posefiles $T/p 300 one; fresh $T/p; COMPUTE=2000 mpi posefiles-rank W 4 ./app147 posefiles $T/p 300 rank; }
# problem (local): 2 ranks append one 75-B score line a ligand (1200 a rank, 2 ms docking each) with write() to a log
# a rank and fsync after every line; twin: the same lines and writes, one fsync at the end
only scorelog && { fresh j/l; COMPUTE=2000 mpi scorelog L 2 ./app147 scorelog j/l 1200 each; fresh j/l; COMPUTE=2000 mpi scorelog-end W 2 ./app147 scorelog j/l 1200 end; }
ls -l logs reruns | tail -3
