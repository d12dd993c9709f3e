#!/bin/bash
# Round 188's runs (labels188): deep-learning training input pipelines and checkpointing.
# Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is), round 169's darshan-big.conf (copied), DXT on.
# Adapted from round 169's run_all.sh. PASS=lab: labelled logs (logs/r188-NAME) and each problem's twin
# (reruns/r188-labels188-tw-NAME-VARIANT); PASS=ab1|ab2: reruns of both (reruns/r188-labels188-PASS-...).
# Run as root after `throttle.sh up`: this script puts itself in the blkio cgroup labels188 (only /dev/loop188 is
# limited). Inputs (made once by prep below, outside Darshan) live on the throttled mount; every run starts cold
# (`throttle.sh cold` remounts the file system, outside Darshan).
R=/tmp/labels188/run; S=/tmp/labels188/src; M=/tmp/labels188/mnt188
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels188/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r188-$1.darshan;; lab:W) echo $R/reruns/r188-labels188-tw-$1.darshan;;
	*:W) echo $R/reruns/r188-labels188-$PASS-tw-$1.darshan;; *) echo $R/reruns/r188-labels188-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
foot() { echo "   rc=$1 wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; sh $S/throttle.sh cold; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) -x DXT_ENABLE_IO_TRACE=1 \
		-x COMPUTE=$COMPUTE "$@"
	foot $?; }
py() { name=$1 kind=$2; shift 2; sh $S/throttle.sh cold; hdr "$name python3: $*"; t0=$(date +%s.%N)
	LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$S/darshan-big.conf DARSHAN_LOGFILE=$(logname $name $kind) \
		DXT_ENABLE_IO_TRACE=1 COMPUTE=$COMPUTE BATCH=2 /root/.pyenv/versions/3.11.7/bin/python3 "$@"
	foot $?; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
# prep (not logged): a packed 32 MiB shard (2048 samples of 16 KiB), the same 2048 samples as one file each
# (16 KiB "JPEGs" in one folder), an 8 MiB map-style file (2048 samples of 4 KiB), a 16 MiB shard for the Python job
mkdir -p $M/data
[ -f $M/data/shard32.bin ] || ./app188 gen $M/data/shard32.bin 32
[ -d $M/data/samples ] || ./app188 gensamples $M/data/samples 2048 16384
[ -f $M/data/map8.bin ] || ./app188 gen $M/data/map8.bin 8
[ -f $M/data/pyshard16.bin ] || ./app188 gen $M/data/pyshard16.bin 16
sync
# FINE: 2 epochs over the packed shard, 2 MiB chunks in shuffled order (a rank's share), in-memory sample shuffle,
# rank 0's fprintf metric log
only shardread && { fresh $M/j1; COMPUTE=60 mpi shardread L 4 ./app188 shardread $M/data/shard32.bin 2 2097152 $M/j1; }
# FINE: 60 steps, every 20 each rank writes its 4 MiB checkpoint shard (1 MiB writes, one fsync), rank 0 a metadata.json
only ckptshard && { fresh $M/ck; COMPUTE=150 mpi ckptshard L 4 ./app188 ckptshard $M/ck 60 20 4 $M/ck; }
# PROBLEM: the same 2 epochs reading 2048 sample files of 16 KiB (one open/read/close a sample);
# twin: the packed shard (shardread's job)
only samplefiles && { fresh $M/j2; COMPUTE=60 mpi samplefiles L 4 ./app188 samplefiles $M/data/samples 2048 2 $M/j2;
	fresh $M/j2; COMPUTE=60 mpi samplefiles-packed W 4 ./app188 shardread $M/data/shard32.bin 2 2097152 $M/j2; }
# PROBLEM: map-style dataset: 2 epochs, each 4 KiB sample its own pread at a shuffled offset;
# twin: block shuffle (2 MiB chunks in shuffled order, samples shuffled in memory)
only smallreads && { fresh $M/j3; COMPUTE=60 mpi smallreads L 4 ./app188 smallreads $M/data/map8.bin 2 4096 $M/j3;
	fresh $M/j3; COMPUTE=60 mpi smallreads-block W 4 ./app188 shardread $M/data/map8.bin 2 2097152 $M/j3; }
# Python: the interpreter binary itself (python3 here is a pyenv shell shim whose child processes would each write a log)
# FINE: serial Python trainer, 2 epochs over a 16 MiB shard in 1 MiB readinto, metrics.jsonl kept open (flushed a step)
only pytrain && { fresh $M/py; COMPUTE=10000 py pytrain L $S/py188.py $M/data/pyshard16.bin $M/py $M/py 2 0; }
# PROBLEM: the same Python trainer whose metric logger fsyncs every line; twin: no fsync (= pytrain's job)
only pyfsync && { fresh $M/py; COMPUTE=10000 py pyfsync L $S/py188.py $M/data/pyshard16.bin $M/py $M/py 2 1;
	fresh $M/py; COMPUTE=10000 py pyfsync-nofsync W $S/py188.py $M/data/pyshard16.bin $M/py $M/py 2 0; }
ls -l logs reruns | tail -3
