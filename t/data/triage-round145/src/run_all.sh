#!/bin/bash
# Round 145's runs (labels145): a seventeenth centre's ordinary day, five job kinds drawn by lot (seed 145, draw.py).
# Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf. PASS=lab: labelled
# logs (logs/r145-NAME) and each problem's twin (reruns/r145-labels145-tw-TWIN); PASS=ab1|ab2: reruns
# (reruns/r145-labels145-PASS-NAME). Run as root after `throttle.sh up`: this script puts itself in the blkio cgroup
# labels145 (only the two loop devices are limited). Adapted from round 83's run_all.sh.
R=/tmp/labels145/run; S=/tmp/labels145/src; T=/tmp/labels145/mnt; T2=/tmp/labels145/mnt2
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels145/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r145-$1.darshan;; lab:W) echo $R/reruns/r145-labels145-tw-$1.darshan;;
	*:W) echo $R/reruns/r145-labels145-$PASS-tw-$1.darshan;; *) echo $R/reruns/r145-labels145-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
sync
# fine (local): code-development test job, 2 ranks x 500 test cases, each writes/reads back/removes a small fixture (stdio)
only unittest && { fresh j/ut; mpi unittest L 2 ./app145 unittest j/ut 500; }
# problem (throttled sync mount): lattice QCD, 4 ranks write a 8^4 x 288-B gauge configuration one site at a time
# (independent MPI_File_write_at of 288 B, 1024 a rank); twin: one collective write a rank
only lqcd && { fresh $T/j/lq; mpi lqcd L 4 ./app145 lqcd $T/j/lq 8 sites; fresh $T/j/lq; mpi lqcd-coll W 4 ./app145 lqcd $T/j/lq 8 coll; }
# fine (local): DFT SCF, 4 ranks, 300 iterations, rank 0 stdio OUTCAR line an iteration, 4x8 MiB WAVECAR collective at the end
only scf && { fresh j/scf; DXT=1 mpi scf L 4 ./app145 scf j/scf 300 8; }
# problem (throttled async mount): MPI scaling test, 4 ranks x 600 steps, each rank write(2)+fsync of its timing line
# every step; twin: stdio, written at close
only scaling && { fresh $T2/sc; mpi scaling L 4 ./app145 scaling $T2/sc 600 fsync; fresh $T2/sc; mpi scaling-buf W 4 ./app145 scaling $T2/sc 600 buf; }
# fine (local): seismic imaging, 4 ranks read 10 shot gathers (2-3 MiB each, round-robin) in 1 MiB independent reads
only seismic && { [ -f j/gathers.segy ] || { mkdir -p j; python3 -c 'import sys
with open(sys.argv[1],"wb") as f:
    for i in range(10): f.write(bytes([i])*((2<<20)+(i%3)*(512<<10)))' j/gathers.segy; }
	DXT=1 mpi seismic L 4 ./app145 seismic j 10; }
ls -l logs reruns | tail -3
