#!/bin/bash
# Round 161's runs (labels161): data assimilation: observation ingest, ensemble Kalman filter analysis and ensemble
# member files. Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf
# (copied from round 158). Adapted from round 158's run_all.sh. PASS=lab: labelled logs (logs/r161-NAME) and each
# problem's twin (reruns/r161-labels161-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r161-labels161-PASS-NAME). Run as root
# after `throttle.sh up`: this script puts itself in the blkio cgroup labels161 (only the loop device is limited).
# Inputs are made (outside Darshan) by prep below.
R=/tmp/labels161/run; S=/tmp/labels161/src; T=/tmp/labels161/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels161/cgroup.procs
cd $R; mkdir -p logs reruns data
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r161-$1.darshan;; lab:W) echo $R/reruns/r161-labels161-tw-$1.darshan;;
	*:W) echo $R/reruns/r161-labels161-$PASS-tw-$1.darshan;; *) echo $R/reruns/r161-labels161-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} \
		${COMPUTE:+-x COMPUTE=$COMPUTE} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
# prep (not logged): 8 instrument obs files (2..9 MiB of 32-B records), a 200-line obs-error table, a 64 MiB obs file,
# 8 ensemble members of 8 MiB (1024 x 2048 float32) on local disk, and a copy of the members on the throttled mount
[ -f data/obsall.bin ] || ./app161 gen data
[ -d $T/mem ] || { mkdir -p $T/mem; cp data/mem/*.bin $T/mem/; }
sync
# fine (local): observation QC: rank r reads instruments r and r+4 (8/10/12/14 MiB a rank) in 1 MiB reads, every rank
# reads the obs-error table with fgets, innovations written collectively to one file, rank 0 writes a 513-line QC CSV
only obsqc && { fresh j/qc; COMPUTE=40 DXT=1 mpi obsqc L 4 ./app161 obsqc data j/qc; }
# fine (throttled sync mount, members dropped from the page cache first): EnKF analysis, uneven slabs (22/24/26/28 %)
# plus a 16-row localization halo each side read from 8 members in 1 MiB MPI_File_read_at, analysis members written
# with MPI_File_write_at_all (one file a member)
only enkf && { fresh $T/an; ./app161 drop $T/mem/*.bin; COMPUTE=2 DXT=1 mpi enkf L 4 ./app161 enkf $T/mem $T/an; }
# problem (local): observation ingest reading each 32-B obs record with its own read(2), 524288 a rank; twin: 1 MiB
# reads parsed in memory
only obsrec && { fresh j/rec; mpi obsrec L 4 ./app161 obsrec data/obsall.bin j/rec rec;
	fresh j/rec; mpi obsrec-buf W 4 ./app161 obsrec data/obsall.bin j/rec buf; }
# problem (members read from local disk, analysis written to the throttled sync mount): one file per (member, level,
# rank), 40 levels: 1280 files of ~52 KB; twin: one file per (member, rank), same bytes in 1 MiB writes
only members && { fresh $T/lev; COMPUTE=2 mpi members L 4 ./app161 members data/mem $T/lev lev;
	fresh $T/lev; COMPUTE=2 mpi members-one W 4 ./app161 members data/mem $T/lev one; }
ls -l logs reruns | tail -3
