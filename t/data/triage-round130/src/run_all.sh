#!/bin/bash
# Round 130's runs (labels130): columnar and array data formats read for analytics. Real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf. PASS=lab: labelled logs (logs/r130-NAME) and
# each problem's twin (reruns/r130-labels130-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r130-labels130-PASS-NAME). Run as
# root after `throttle.sh up` and the data preparation in ../README.md: this script puts itself in the blkio cgroup
# labels130 (only the loop device is limited).
R=/tmp/labels130/run; S=/tmp/labels130/src; T=/tmp/labels130/mnt/d; A=/tmp/labels130/app130
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels130/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r130-$1.darshan;; lab:W) echo $R/reruns/r130-labels130-tw-$1.darshan;;
	*:W) echo $R/reruns/r130-labels130-$PASS-tw-$1.darshan;; *) echo $R/reruns/r130-labels130-$PASS-$1.darshan;; esac; }
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
# drop the data pages of the throttled files from the page cache (not under Darshan), so reads meet the throttle
drop() { /usr/bin/python3 -c 'import os,sys
for p in sys.argv[1:]:
    fd=os.open(p,os.O_RDONLY); os.posix_fadvise(fd,0,0,os.POSIX_FADV_DONTNEED); os.close(fd)' "$@"; }
sync
# fine (local, warm): 8 ranks, one 128 MiB 32-column table, each rank its row group: tail, footer, 4 columns by seek
only colq && DXT=1 mpi colq L 8 $A query tbl/wide.par 4 sel 0 3000
# fine (local, warm): 1 process mmaps the same table and scans 4 columns of all 8 row groups from the mapping
only mmap && DXT=1 mpi mmap L 1 $A query tbl/wide.par 4 mmap 0 500
# fine (local): serial numpy reads a 4096x4096 float32 Zarr-like array of 256 chunk files (256 KiB each), then smooths it
only zarrok && DXT=1 one zarrok L /usr/bin/python3 $S/zarr130.py read zarr/ok 6
# problem (throttled): 4 ranks need 3 of 32 columns but read their whole 64 MiB row groups (1 MiB requests);
# twin: only the 3 column chunks by seek (1 MiB requests)
only colwhole && { drop $T/wide.par; DXT=1 mpi colwhole L 4 $A query $T/wide.par 3 whole 1048576 300
	drop $T/wide.par; DXT=1 mpi colwhole-sel W 4 $A query $T/wide.par 3 sel 1048576 300; }
# problem (throttled): 1 process, POSIX_FADV_RANDOM then the 3 columns' 12 chunks of 2 MiB in 4 KiB preads (6144);
# twin: the same hint, one pread a chunk
only colsmall && { drop $T/wide.par; mpi colsmall L 1 $A query $T/wide.par 3 rand 4096 300
	drop $T/wide.par; mpi colsmall-chunk W 1 $A query $T/wide.par 3 rand 0 300; }
# problem (throttled): serial numpy reads a 2048x1024 float32 array stored as 2048 chunk files of 4 KiB (32x32);
# twin: the same array in 8 chunks of 1 MiB (512x512)
only zarrtiny && { drop $T/tiny/*; one zarrtiny L /usr/bin/python3 $S/zarr130.py read $T/tiny 20
	drop $T/big/*; DXT=1 one zarrtiny-big W /usr/bin/python3 $S/zarr130.py read $T/big 20; }
ls -l logs reruns | tail -3
