#!/bin/bash
# Round 179's runs (labels179): agent-based transport simulation (MATSim-like). Real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf (copied from round 169). Adapted from round
# 169's run_all.sh. PASS=lab: labelled logs (logs/r179-NAME) and each problem's twin (reruns/r179-labels179-tw-TWIN);
# PASS=ab1|ab2: reruns (reruns/r179-labels179-PASS-NAME). Run as root after `throttle.sh up`: this script puts itself
# in the blkio cgroup labels179 (only the two loop devices are limited). Inputs are made (outside Darshan) by prep below.
R=/tmp/labels179/run; S=/tmp/labels179/src; T=/tmp/labels179/mnt; TA=/tmp/labels179/mnta
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels179/cgroup.procs
cd $R; mkdir -p logs reruns data j
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r179-$1.darshan;; lab:W) echo $R/reruns/r179-labels179-tw-$1.darshan;;
	*:W) echo $R/reruns/r179-labels179-$PASS-tw-$1.darshan;; *) echo $R/reruns/r179-labels179-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} \
		${COMPUTE:+-x COMPUTE=$COMPUTE} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
ser() { name=$1 kind=$2; shift 2; hdr "$name serial: $*"; t0=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$S/darshan-big.conf DARSHAN_LOGFILE=$(logname $name $kind) \
		${DXT:+DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
# prep (not logged): an 8 MiB network file and a 4 MiB population of 32768 plan records (128 B each), local disk
[ -f data/network.xml ] || ./app179 gen data/network.xml 8
[ -f data/population.bin ] || ./app179 gen data/population.bin 4
sync
# fine (sync mount): MATSim-like co-evolution loop at 4 ranks, 32768 agents, 6 iterations: every rank reads the whole
# 8 MiB network in 2 MiB preads (routing needs all of it), its slice of the 4 MiB population with MPI_File_read_at_all;
# each iteration every rank zlib-compresses its events (~10 per agent) and writes them to its own file in one write
# (24 files of ~0.68 MB); rank 0 appends one line to scorestats.txt (fopen "a"/fprintf/fclose); plans dumped at the
# first and last iteration with MPI_File_write_at_all to one shared file
only qsim && { fresh $T/q; COMPUTE=3 DXT=1 mpi qsim L 4 ./app179 qsim $T/q data/network.xml data/population.bin 6 32768; }
# fine (serial Python, local output): the events post-processor reads qsim's 24 compressed event files of this pass
# whole (one read each), decompresses them with zlib and writes legstats.csv
only evstats && { fresh j/s; DXT=1 ser evstats L /usr/bin/python3 $S/evstats.py $T/q j/s/legstats.csv; }
# problem (sync mount): text event writer that flushes every event line (fprintf + fflush, ~65 B) to a per-rank,
# per-iteration events file: 4 iterations x 150 events a rank; twin: the same lines through a 1 MiB stdio buffer
only evflush && { fresh $T/e; COMPUTE=2000 DXT=1 mpi evflush L 4 ./app179 evflush $T/e 4 150 line;
	fresh $T/e; COMPUTE=2000 DXT=1 mpi evflush-buf W 4 ./app179 evflush $T/e 4 150 buf; }
# problem (async mount): per-rank agent checkpoint each iteration, 150 agents a rank x 256-B records, pwrite + fsync
# per agent, 3 iterations; twin: one pwrite of the rank's 38400 B and one fsync a checkpoint
only ckpt && { fresh $TA/c; COMPUTE=300 DXT=1 mpi ckpt L 4 ./app179 ckpt $TA/c 3 150 rec;
	fresh $TA/c; COMPUTE=300 DXT=1 mpi ckpt-bulk W 4 ./app179 ckpt $TA/c 3 150 bulk; }
# problem (sync mount): per-iteration plan dump funnelled to rank 0: MPI_Gather of 16384 plan records (128 B) and rank 0
# fwrites them one by one (default stdio buffer) to one file, 3 iterations (2 MiB a dump); twin: every rank writes its
# slice with MPI_File_write_at_all
only plans && { fresh $T/p; COMPUTE=6 DXT=1 mpi plans L 4 ./app179 plans $T/p 3 16384 root;
	fresh $T/p; COMPUTE=6 DXT=1 mpi plans-coll W 4 ./app179 plans $T/p 3 16384 coll; }
ls -l logs reruns | tail -3
