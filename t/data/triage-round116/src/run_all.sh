#!/bin/bash
# Round 116's runs (labels116): data movement and archiving. Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt
# (used as it is), round 26's darshan-big.conf. PASS=lab: labelled logs (logs/r116-NAME) and each problem's twin
# (reruns/r116-labels116-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r116-labels116-PASS-NAME). Run as root after
# `throttle.sh up` and the input trees (README.md): this script puts itself in the blkio cgroup labels116 (only the
# loop device is limited).
R=/tmp/labels116/run; S=/tmp/labels116/src; T=/tmp/labels116/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels116/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r116-$1.darshan;; lab:W) echo $R/reruns/r116-labels116-tw-$1.darshan;;
	*:W) echo $R/reruns/r116-labels116-$PASS-tw-$1.darshan;; *) echo $R/reruns/r116-labels116-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
one() { name=$1 kind=$2; shift 2; c="$*"; hdr "$name: ${c:0:120}"; t0=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$S/darshan-big.conf DARSHAN_LOGFILE=$(logname $name $kind) \
		${DXT:+DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
# drop the throttled tree's pages so reads meet the throttle
drop() { python3 -c 'import os,sys
for f in os.listdir(sys.argv[1]):
    fd=os.open(sys.argv[1]+"/"+f,os.O_RDONLY); os.posix_fadvise(fd,0,0,os.POSIX_FADV_DONTNEED); os.close(fd)' $1; }
sync
# fine (local): dcp-like parallel copy of a 400-file 50 MiB tree (4-256 KiB files) by 4 ranks, 1 MiB buffers
only pcopy && { fresh cp-tree; DXT=1 mpi pcopy L 4 $S/dm116 copy tree cp-tree 400 1048576; }
# fine (local): real tar packing 1000 small files (100-4000 B) into one archive
only tar && { rm -f small.tar; one tar L /bin/tar cf small.tar small; }
# fine (local): real md5sum checksum pass re-reading the 400 copies (each file read once)
only md5 && { one md5 L /usr/bin/md5sum -b $(ls -d cp-tree/f* | sort) | tee md5.txt | grep -v "^[0-9a-f]\{32\} "; }
# fine (local): purge scan by 4 ranks: stat + open + 512-B header read of each of the 400 copies
only purge && { DXT=1 mpi purge L 4 $S/dm116 purge cp-tree 400 90; }
# problem (throttled sync mount): parallel copy of 64 x 256 KiB files with 4 KiB buffers; twin: 1 MiB buffers
only copy4k && { fresh $T/c4; DXT=1 mpi copy4k L 4 $S/dm116 copy mid $T/c4 64 4096; fresh $T/c4; DXT=1 mpi copy4k-1m W 4 $S/dm116 copy mid $T/c4 64 1048576; }
# problem (local): archive packer fsyncs after each of 1000 members; twin: one fsync at the end
only packfsync && { DXT=1 one packfsync L $S/pack116 small 1000 $R/small.pack fsync; DXT=1 one packfsync-end W $S/pack116 small 1000 $R/small.pack end; }
# problem (throttled sync mount): O_DIRECT checksum pass where every rank reads all 128 x 512 KiB files (4x re-reads);
# twin: each rank reads only its own share
only cksumall && { drop $T/big; DXT=1 mpi cksumall L 4 $S/dm116 cksum $T/big 128 1048576 all direct; drop $T/big; DXT=1 mpi cksumall-own W 4 $S/dm116 cksum $T/big 128 1048576 own direct; }
ls -l logs reruns | tail -3
