#!/bin/bash
# Round 185's runs (labels185): analytics over columnar files (Parquet-like): footer + column-chunk reads, row-group
# writers, group-by partition files, a _metadata catalogue. Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used
# as it is), round 169's darshan-big.conf (copied). Adapted from round 169's run_all.sh. PASS=lab: labelled logs
# (logs/r185-NAME) and each problem's twin (reruns/r185-labels185-tw-TWIN); PASS=ab1|ab2: reruns
# (reruns/r185-labels185-PASS-NAME). Run as root after `throttle.sh up`: this script puts itself in the blkio cgroup
# labels185 (only the loop device /dev/loop185 is limited). The input table is made (outside Darshan) by prep below.
R=/tmp/labels185/run; S=/tmp/labels185/src; T=/tmp/labels185/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels185/cgroup.procs
cd $R; mkdir -p logs reruns data
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r185-$1.darshan;; lab:W) echo $R/reruns/r185-labels185-tw-$1.darshan;;
	*:W) echo $R/reruns/r185-labels185-$PASS-tw-$1.darshan;; *) echo $R/reruns/r185-labels185-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} \
		${COMPUTE:+-x COMPUTE=$COMPUTE} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
# prep (not logged): a 64 MiB Parquet-like table on local disk, 8 row groups x 8 columns x 1 MiB chunks + 16 KB footer
[ -f data/table.parq ] || ./app185 gen data/table.parq 8 8 1024
sync
# fine (local disk): a query over the table: each rank reads the 8-B tail and the 16 KB footer, then 3 selected
# column chunks (1 MiB preads at their offsets) of each of its 2 row groups, filters and aggregates them
only scan && { COMPUTE=300 DXT=1 mpi scan L 4 ./app185 scan data/table.parq 1,4,6; }
# fine (throttled sync mount): each rank writes its part file as 3 row groups of 8 x 1 MiB column chunks and a
# footer; rank 0 writes a 4-line _metadata catalogue with fprintf once at the end
only writer && { fresh $T/w; COMPUTE=20 DXT=1 mpi writer L 4 ./app185 writer $T/w 3; }
# problem (throttled sync mount): group-by output, one small partition file per key per rank (150 keys x 4 ranks =
# 600 files of 2.6 KB in 5 writes each); twins: one file per rank holding every key as a row group, written a 2 KB
# write a key (onefile) or buffered and written at once (onebuf)
only groupby && { fresh $T/g; COMPUTE=2 DXT=1 mpi groupby L 4 ./app185 groupby $T/g 150 file;
	fresh $T/g; COMPUTE=2 DXT=1 mpi groupby-onefile W 4 ./app185 groupby $T/g 150 onefile;
	fresh $T/g; COMPUTE=2 DXT=1 mpi groupby-onebuf W 4 ./app185 groupby $T/g 150 onebuf; }
# fine as it turned out (first meant as the problem below; its twin was not faster, labelled from counters): each rank
# writes 40 partitions of 256 KiB; after each round rank 0 rewrites the whole _metadata catalogue (an 8 KiB footer
# with column statistics an entry, growing to 1.25 MiB), O_TRUNC + write + fsync, while the others wait in a
# broadcast; twin: the catalogue written once at the end
only catalog40 && { fresh $T/c; COMPUTE=20 DXT=1 mpi catalog40 L 4 ./app185 catalog $T/c 40 each 8;
	fresh $T/c; COMPUTE=20 DXT=1 mpi catalog40-once W 4 ./app185 catalog $T/c 40 once 8; }
# problem (throttled sync mount): the same catalogue rewrite over a longer job: 100 rounds of 128 KiB partitions a
# rank, the catalogue growing to 3.1 MiB (165 MB rewritten in all, 100 fsyncs); twin: written once at the end
only catalog && { fresh $T/c; COMPUTE=20 DXT=1 mpi catalog L 4 ./app185 catalog $T/c 100 each 8 128;
	fresh $T/c; COMPUTE=20 DXT=1 mpi catalog-once W 4 ./app185 catalog $T/c 100 once 8 128; }
ls -l logs reruns | tail -3
