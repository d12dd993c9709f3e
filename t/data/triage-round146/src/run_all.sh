#!/bin/bash
# Round 146's runs (labels146): checkpoint compression and in-line data reduction. Real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf (copied from round 83). PASS=lab: labelled logs
# (logs/r146-NAME) and each problem's twin (reruns/r146-labels146-tw-TWIN); PASS=ab1|ab2: reruns
# (reruns/r146-labels146-PASS-NAME). Run as root after `throttle.sh up`: this script puts itself in the blkio cgroup
# labels146 (only the loop device is limited).
R=/tmp/labels146/run; S=/tmp/labels146/src; T=/tmp/labels146/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels146/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r146-$1.darshan;; lab:W) echo $R/reruns/r146-labels146-tw-$1.darshan;;
	*:W) echo $R/reruns/r146-labels146-$PASS-tw-$1.darshan;; *) echo $R/reruns/r146-labels146-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} \
		${COMPUTE:+-x COMPUTE=$COMPUTE} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
one() { name=$1 kind=$2; shift 2; hdr "$name: $*"; t0=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$S/darshan-big.conf DARSHAN_LOGFILE=$(logname $name $kind) \
		${DXT:+DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
sync
# fine (local): 4 ranks, 8 checkpoints of 4 MiB a rank zlib-compressed (~3.7 MiB, sizes vary by rank), sizes gathered,
# blocks written collectively at their offsets in one file a checkpoint, rank 0 writes the offset table and a JSON sidecar
only ckpt && { fresh j/ck; COMPUTE=300 DXT=1 mpi ckpt L 4 ./app146 ckpt 8 500000 j/ck coll; }
# fine (local): 4 ranks restart from ckpt's last checkpoint: every rank reads the 40-B offset table, then its block
# collectively, inflates it and computes
only restart && { [ -f j/ck/ckpt-007.z ] || ./app146 ckpt 8 500000 j/ck coll; DXT=1 mpi restart L 4 ./app146 restart j/ck 7 600; }
# fine (local): serial numpy run quantizing a 2 Mi-value float64 field to uint8 (block scale/offset) at 8 checkpoints,
# codes written whole with tofile, scale table + JSON sidecar each, then reloading and dequantizing the last
only quant && { fresh j/q; DXT=1 one quant L /usr/bin/python3 $S/quant146.py $R/j/q 8 2097152 whole; }
# problem (local): 2 ranks deflate their field in 4 KiB output chunks and pwrite + fsync every chunk at their offset of
# the shared checkpoint (12 checkpoints); twin: the same chunks, one fsync a rank a checkpoint
only ckfsync && { fresh j/cf; mpi ckfsync L 2 ./app146 ckpt 12 250000 j/cf fsync; fresh j/cf; mpi ckfsync-end W 2 ./app146 ckpt 12 250000 j/cf fsyncend; }
# problem (throttled sync mount): the quantizer writes its uint8 codes one 4096-value block (4 KiB) per os.write,
# 6 checkpoints of 2 MiB; twin: tofile of the whole array
only qblocks && { fresh $T/q; DXT=1 one qblocks L /usr/bin/python3 $S/quant146.py $T/q 6 2097152 rows; fresh $T/q; DXT=1 one qblocks-whole W /usr/bin/python3 $S/quant146.py $T/q 6 2097152 whole; }
ls -l logs reruns | tail -3
