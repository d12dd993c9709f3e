#!/bin/bash
# Round 192's runs (labels192): graph analytics and data-shuffle jobs.
# Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is), round 169's darshan-big.conf (MODMEM 16,
# NAMEMEM 4, MAX_RECORDS 8000 POSIX). Adapted from round 169's run_all.sh. PASS=lab: labelled logs (logs/r192-NAME)
# and each problem's twin (reruns/r192-labels192-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r192-labels192-PASS-NAME).
# Run as root after `throttle.sh up`: this script puts itself in the blkio cgroup labels192 (only /dev/loop192 is
# limited). Inputs are made (outside Darshan) by prep below, on local disk (/tmp, ext4).
R=/tmp/labels192/run; S=/tmp/labels192/src; T=/tmp/labels192/mnt192
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PY=/root/.pyenv/versions/3.11.7/bin/python3.11 # the interpreter itself (python3 is a pyenv bash shim)
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels192/cgroup.procs
cd $R; mkdir -p logs reruns data j
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r192-$1.darshan;; lab:W) echo $R/reruns/r192-labels192-tw-$1.darshan;;
	*:W) echo $R/reruns/r192-labels192-$PASS-tw-$1.darshan;; *) echo $R/reruns/r192-labels192-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
done_() { echo "   rc=$1 wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} \
		"$@"
	done_ $?; }
ser() { name=$1 kind=$2; shift 2; hdr "$name serial: $*"; t0=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$S/darshan-big.conf DARSHAN_LOGFILE=$(logname $name $kind) \
		${DXT:+DXT_ENABLE_IO_TRACE=1} "$@"
	done_ $?; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
# prep (not logged): a 16 MiB binary edge list (1048576 edges of 16 B over 1048576 vertices, a quarter from hubs) and
# an 800000-row CSV (~25 MB), local disk
[ -f data/edges16.bin ] || ./app192 gen data/edges16.bin 1048576 1048576
[ -f data/events.csv ] || python3 $S/pycsv192.py gen data/events.csv 800000
sync
# fine (throttled sync mount): graph partitioner, 4 ranks: collective read of each rank's 4 MiB slice of the edge list
# (MPI_File_read_at_all), 12 iterations of label propagation (4 MiB Allreduce each), the 4 MiB partition vector written
# with MPI_File_write_at_all to one file; rank 0 fprintf one progress line an iteration (part.log)
only part && { fresh $T/p; DXT=1 mpi part L 4 ./app192 part $R/data/edges16.bin $T/p 1048576 12; }
# fine (local disk): pandas-style CSV job in Python, one process: reads the 25 MB CSV in 256 KiB chunks, groups, writes
# a small result CSV and a progress log
only pycsv && { fresh j/c; DXT=1 ser pycsv L $PY $S/pycsv192.py data/events.csv j/c; }
# fine (throttled sync mount): external sort, 4 ranks: each writes 4 sorted runs of 2 MiB (one write each), merges them
# reading 256 KiB blocks a run and writing the 8 MiB sorted output in 1 MiB writes; runs unlinked
only sortmerge && { fresh $T/s; DXT=1 mpi sortmerge L 4 ./app192 sortmerge $T/s 4 262144 262144; }
# problem (throttled sync mount): map-reduce shuffle, 4 mappers x 4 waves x 32 partitions = 512 spill files of ~3 KiB,
# each reducer (8 partitions) opens and reads 128 of them; twin: one spill file per mapper per wave with an offset header
only shuffle && { fresh $T/h; DXT=1 mpi shuffle L 4 ./app192 shuffle $T/h 4 32 8192 file;
	fresh $T/h; DXT=1 mpi shuffle-index W 4 ./app192 shuffle $T/h 4 32 8192 index; }
# problem (local disk input, output on throttled mount): graph loader reading its 4 MiB slice of the edge list one 8-B
# pread at a time (src, dst separately); twin: 1 MiB preads. No DXT (524288 preads a rank)
only edgeread && { fresh $T/e; mpi edgeread L 4 ./app192 edgeread $R/data/edges16.bin $T/e 1048576 8;
	fresh $T/e; mpi edgeread-1m W 4 ./app192 edgeread $R/data/edges16.bin $T/e 1048576 1048576; }
# problem (throttled sync mount): BFS-like relaxation (input slice read in 1 MiB preads, local), each rank writes
# 131072 "vertex level parent" lines with fprintf to its own text file through stdio's default buffer (4 KiB: the
# mount's st_blksize), each flush a synchronous write; twins: the same with a 4 MiB stdio buffer (STDIOBUF=4194304),
# and the same levels and parents written binary, one write() of each array (STDIOBUF=bin; a trial showed the 4 MiB
# buffer saves nothing, the binary output ~8 s)
only bfstext && { fresh $T/b; DXT=1 mpi bfstext L 4 ./app192 bfstext $R/data/edges16.bin $T/b 1048576 6 131072;
	fresh $T/b; DXT=1 mpi bfstext-buf W 4 -x STDIOBUF=4194304 ./app192 bfstext $R/data/edges16.bin $T/b 1048576 6 131072;
	fresh $T/b; DXT=1 mpi bfstext-bin W 4 -x STDIOBUF=bin ./app192 bfstext $R/data/edges16.bin $T/b 1048576 6 131072; }
ls -l logs reruns | tail -3
