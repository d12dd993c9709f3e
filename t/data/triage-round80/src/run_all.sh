#!/bin/bash
# Round 80's runs (labels80): results stores and append logs (src/app80.c, kv80.f90, jl80.py, an awk pipeline)
# under the real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is), with round 22's darshan-big.conf.
# PASS=lab: the labelled logs (logs/r80-NAME) and each problem's twin after it (reruns/r80-labels80-tw-TWIN);
# PASS=ab1|ab2: reruns of all 6 and the twins (reruns/r80-labels80-PASS-NAME). Run as root after
# `throttle.sh up`: this script puts itself in the blkio cgroup labels80 (only the loop devices are limited).
R=/tmp/labels80/run; S=/tmp/labels80/src; T=/tmp/labels80/mnt; W=/tmp/labels80/mntwb
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so; CONF=$S/darshan-big.conf
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels80/cgroup.procs
cd $R; mkdir -p out logs reruns $T/out $W/out
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r80-$1.darshan;; lab:W) echo $R/reruns/r80-labels80-tw-$1.darshan;;
	*:W) echo $R/reruns/r80-labels80-$PASS-tw-$1.darshan;; *) echo $R/reruns/r80-labels80-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
end() { echo "   rc=$1 wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
# mpi NAME L|W NP PROG ARGS: L = a labelled program, W = a twin
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$CONF -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"
	end $?; }
one() { name=$1 kind=$2; shift 2; hdr "$name: $*"; t0=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$CONF DARSHAN_LOGFILE=$(logname $name $kind) \
		${DXT:+DXT_ENABLE_IO_TRACE=1} "$@"
	end $?; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
sync
# fine: 4-rank task farm, 2000 tasks; rank 0 stores each result row in SQLite, WAL, synchronous=NORMAL,
# 50 rows a transaction (local disk)
only db-batch && { rm -f out/b.db*; DXT=1 mpi db-batch L 4 ./app80 db 2000 150000 50 wal normal out/b.db; }
# problem: the same farm, a transaction per row, rollback journal, synchronous=FULL (throttled write-back mount,
# where fsync meets the limit); twin: db-batch's settings on the same mount
only db-row-full && { rm -f $W/out/f.db*; DXT=1 mpi db-row-full L 4 ./app80 db 2000 150000 1 delete full $W/out/f.db
	rm -f $W/out/f.db*; DXT=1 mpi db-batch-slow W 4 ./app80 db 2000 150000 50 wal normal $W/out/f.db; }
# fine: 8 ranks, 4000 tasks, each result one write(2) of a CSV line to a shared O_APPEND log (local disk)
only csv-append && { rm -f out/r.csv; DXT=1 mpi csv-append L 8 ./app80 csv 4000 120000 out/r.csv; }
# problem: serial numpy driver, 3000 tasks, re-reads the whole results.jsonl before each task (local disk);
# twin: the same driver reading it once at start
only jl-reread && { rm -f out/r.jsonl; one jl-reread L /usr/bin/python3 $S/jl80.py reread 3000 120 out/r.jsonl
	rm -f out/r.jsonl; one jl-once W /usr/bin/python3 $S/jl80.py once 3000 120 out/r.jsonl; }
# fine: Fortran, 4 ranks, a direct-access status file, each rank rewrites its 128-byte record every 10 steps
# of 600 (throttled sync mount: every write reaches the limited device)
only kv-inplace && { rm -f $T/out/kv.dat; DXT=1 mpi kv-inplace L 4 ./kv80 1000000 600 10 $T/out/kv.dat; }
# fine: a shell pipeline, seq | awk: each input line a task (a 20000-term series), its result appended to a
# CSV with print >> and fflush() a line (only awk runs under Darshan; local disk)
only awk-append && { rm -f out/a.csv; hdr "awk-append: seq 1 3000 | awk"; t0=$(date +%s.%N)
	seq 1 3000 | env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$CONF DXT_ENABLE_IO_TRACE=1 \
		DARSHAN_LOGFILE=$(logname awk-append L) awk '{ s = 0; for (k = 1; k <= 20000; k++) s += sin($1 * k) / k;
		printf "%d,%.12f,ok\n", $1, s >> "out/a.csv"; fflush("out/a.csv") }'; end $?; }
ls -l logs reruns | tail -3
