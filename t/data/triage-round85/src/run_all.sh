#!/bin/bash
# Round 85's runs (labels85): deep-learning training input pipelines and checkpoints. Real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf (as round 83). PASS=lab: labelled logs
# (logs/r85-NAME) and each problem's twin (reruns/r85-labels85-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r85-labels85-PASS-NAME).
# Run as root after `throttle.sh up`: this script puts itself in the blkio cgroup labels85 (only the loop device is limited).
R=/tmp/labels85/run; S=/tmp/labels85/src; T=/tmp/labels85/mnt; A=/tmp/labels85/app85
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels85/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r85-$1.darshan;; lab:W) echo $R/reruns/r85-labels85-tw-$1.darshan;;
	*:W) echo $R/reruns/r85-labels85-$PASS-tw-$1.darshan;; *) echo $R/reruns/r85-labels85-$PASS-$1.darshan;; esac; }
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
drop() { /usr/bin/python3 $S/dropcache.py "$@"; }
# datasets (once, not in any log): 8 local packed shards of 64+ 256-KiB samples; 4 throttled shards of 24 1-MiB samples;
# 4 throttled shards of 64 256-KiB samples; 2000 local 32-KiB sample files; 2400 throttled 4-KiB sample files and the
# same bytes packed in one 9.4 MiB shard; a local 128 MiB float32 .npy of 32768 rows of 4 KiB
mkd() { [ -e $2 ] || /usr/bin/python3 $S/mkdata.py "$@"; }
mkdir -p d $T/dd $T/ck $T/st
for r in 0 1 2 3 4 5 6 7; do mkd packed d/shard-$r.bin 64 256; done
for r in 0 1 2 3; do mkd packed $T/dd/shard-$r.bin 24 1024; mkd packed $T/ck/shard-$r.bin 64 256; done
mkd files imgs 2000 32; mkd files $T/st/smp 2400 4; mkd packed $T/st/pack.bin 2400 4; mkd npy mm.npy 32768 1024
cat d/shard-* imgs/* mm.npy $T/ck/shard-* > /dev/null; sync
# fine (local): 8 ranks, 3 epochs of shuffled 256-KiB preads over each rank's 16 MiB shard (epochs 2-3 from the page
# cache), a collective 16 MiB checkpoint every epoch
only shards && DXT=1 mpi shards L 8 $A shards d 3 64 256 30 16384
# fine (local): serial numpy, 2000 32-KiB sample files (an image-folder dataset) read whole in a shuffled order, 3 epochs
only imgfiles && one imgfiles L /usr/bin/python3 $S/train85.py files imgs 2000 3 25
# fine (local): serial numpy, a 128 MiB .npy dataset through np.load(mmap_mode='r'), shuffled rows, 3 epochs
only memmap && DXT=1 one memmap L /usr/bin/python3 $S/train85.py memmap mm.npy 32768 3 3
# problem (throttled): 4 ranks read their 24 MiB shard with O_DIRECT every epoch (4 epochs from the device); twin: O_DIRECT
# in epoch 1, the shard kept in memory for epochs 2-4
only direct && { DXT=1 mpi direct L 4 $A direct $T/dd 4 24 1024 5 4096; DXT=1 mpi direct-cache W 4 $A cache $T/dd 4 24 1024 5 4096; }
# problem (throttled sync mount): rank 0 saves the 4 MiB model in 4-KiB write(2)s (one a small tensor) every epoch, 3
# epochs; twin: one write(2) a checkpoint
only ck4k && { DXT=1 mpi ck4k L 4 $A ck4k $T/ck 3 64 256 20 4096; DXT=1 mpi ck4k-one W 4 $A ckone $T/ck 3 64 256 20 4096; }
# problem (throttled, dataset not in the page cache): serial numpy, 2400 4-KiB sample files, 2 epochs; twin: the same
# samples packed in one 9.4 MiB shard read in one go
only storm && { drop $T/st; one storm L /usr/bin/python3 $S/train85.py files $T/st/smp 2400 2 2
	drop $T/st; one storm-packed W /usr/bin/python3 $S/train85.py packed $T/st/pack.bin 2400 2 2; }
ls -l logs reruns | tail -3
