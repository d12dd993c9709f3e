#!/bin/bash
# Round 129's runs (labels129): task-farm and workflow-engine jobs. Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt
# (used as it is), round 26's darshan-big.conf. PASS=lab: labelled logs (logs/r129-NAME) and each problem's twin
# (reruns/r129-labels129-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r129-labels129-PASS-NAME). Run as root after
# `throttle.sh up`: this script puts itself in the blkio cgroup labels129 (only the loop device is limited).
R=/tmp/labels129/run; S=/tmp/labels129/src; T=/tmp/labels129/mnt; PY=/usr/bin/python3
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels129/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r129-$1.darshan;; lab:W) echo $R/reruns/r129-labels129-tw-$1.darshan;;
	*:W) echo $R/reruns/r129-labels129-$PASS-tw-$1.darshan;; *) echo $R/reruns/r129-labels129-$PASS-$1.darshan;; esac; }
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
# fresh task directory DIR with NT pickled inputs (setup is not under Darshan)
inputs() { rm -rf $1; $PY $S/task129.py setup $1 $2 > /dev/null; mkdir -p $1/out $1/log; }
sync
# fine (local): 4-rank C/MPI farm, rank 0 schedules 600 tasks over MPI; workers read a 2-KiB pickle, write a 256-B
# result file and a stdio log line per task; rank 0 writes the state table and the gathered summary once at the end
only farm && { inputs j/farm 600; DXT=1 mpi farm L 4 ./app129 farm 600 j/farm; }
# fine (local): Dask-like spill, 16 partitions of 8 MiB spilled with np.save, each reloaded once for the reduce
only spill && { rm -rf j/spill; one spill L $PY $S/task129.py spill j/spill 16 8; }
# fine (local): 600 tasks, a per-task commit of the task-state sqlite DB in WAL mode, synchronous=NORMAL
only statewal && { inputs j/sw 600; DXT=1 one statewal L $PY $S/task129.py db j/sw 600 WAL NORMAL 1; }
# problem (throttled sync mount): 200 tasks, sqlite DB in rollback-journal mode, synchronous=FULL, committed per task
# (fsyncs of DB, journal and directory every task); twin: WAL mode, synchronous=NORMAL on the same mount
only statedb && { inputs $T/sd 200; DXT=1 one statedb L $PY $S/task129.py db $T/sd 200 DELETE FULL 1
	inputs $T/sd 200; DXT=1 one statedb-wal W $PY $S/task129.py db $T/sd 200 WAL NORMAL 1; }
# problem (local): 160 tasks each np.load the whole 32 MiB shared array for its 1/160 row block; twin: loaded once
only shared && { inputs j/sh 1; one shared L $PY $S/task129.py shared j/sh 160 every
	one shared-once W $PY $S/task129.py shared j/sh 160 once; }
# problem (throttled sync mount): 3 workers spill 3 partitions of 128 KiB each in 1-KiB write(2)s; twin: one write each
only spillsmall && { rm -rf $T/ss; mkdir -p $T/ss; DXT=1 mpi spillsmall L 4 ./app129 spill 3 128 1024 $T/ss
	rm -rf $T/ss; mkdir -p $T/ss; DXT=1 mpi spillsmall-one W 4 ./app129 spill 3 128 131072 $T/ss; }
ls -l logs reruns | tail -3
