#!/bin/bash
# Round 120's runs (labels120): plasma physics / fusion codes (gyrokinetic/PIC-like). Real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf, local disk (/tmp, ext4), no throttle.
# PASS=lab: labelled logs (logs/r120-NAME) and each problem's twin (reruns/r120-labels120-tw-TWIN);
# PASS=ab1|ab2: reruns (reruns/r120-labels120-PASS-NAME).
R=/tmp/labels120/run; S=/tmp/labels120/src
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r120-$1.darshan;; lab:W) echo $R/reruns/r120-labels120-tw-$1.darshan;;
	*:W) echo $R/reruns/r120-labels120-$PASS-tw-$1.darshan;; *) echo $R/reruns/r120-labels120-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
one() { name=$1 kind=$2; shift 2; hdr "$name: $*"; t0=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$S/darshan-big.conf DARSHAN_LOGFILE=$(logname $name $kind) "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
sync
# fine: 4 ranks, 200 steps, each rank's 128 KiB field slice appended collectively to one shared fields.dat every
# step (100 MiB), rank 0 stdio log line a step, a 4 MiB particle checkpoint a rank (1 MiB writes) at the end
only run && { fresh j/run; mpi run L 4 ./app120 run 200 1 j/run coll; }
# fine: 4 ranks restart from the newest checkpoint (each reads its 4 MiB in 1 MiB reads), 200 more steps
only restart && { [ -f j/run/ckpt.000200.r3 ] || { fresh j/run; ./app120 run 200 1 j/run coll; }
	fresh j/rs; cp j/run/ckpt.000200.r* j/rs/; mpi restart L 4 ./app120 restart 200 1 j/rs; }
# fine: serial numpy post-processing reading all 200 time slices of fields.dat once each (512 KiB at its offset)
only post && { [ -f j/run/fields.dat ] || { fresh j/run; ./app120 run 200 1 j/run coll; }
	one post L /usr/bin/python3 $S/post120.py slice j/run 200 4; }
# problem: each rank appends its field slice as 2048 independent 64-B MPI-IO writes (one a cell) every step;
# twin: one collective 128 KiB write a rank
only diagtiny && { fresh j/dt; mpi diagtiny L 4 ./app120 run 200 1 j/dt tiny; fresh j/dt; mpi diagtiny-coll W 4 ./app120 run 200 1 j/dt coll; }
# problem: post-processing re-reads the whole 100 MiB fields.dat for each of 60 slices; twin: reads each slice
only postwhole && { [ -f j/run/fields.dat ] || { fresh j/run; ./app120 run 200 1 j/run coll; }
	one postwhole L /usr/bin/python3 $S/post120.py whole j/run 60 4
	one postwhole-slice W /usr/bin/python3 $S/post120.py slice j/run 60 4; }
ls -l logs reruns | tail -3
