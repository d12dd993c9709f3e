#!/bin/bash
# Round 82's runs (labels82): an ordinary evening's queue at a fourth centre. Real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is), round 22's darshan-big.conf, DXT on for all.
# PASS=lab: labelled logs (logs/r82-NAME) and each problem's twin (reruns/r82-labels82-tw-TWIN);
# PASS=ab1|ab2: reruns of all and of the twins (reruns/r82-labels82-PASS-NAME). Run as root after `throttle.sh up`:
# this script puts itself in the blkio cgroup labels82 (only the loop devices are limited).
R=/tmp/labels82/run; S=$R/src; T=/tmp/labels82/mnt; W=/tmp/labels82/mntwb
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels82/cgroup.procs
cd $R; mkdir -p out logs reruns in
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r82-$1.darshan;; lab:W) echo $R/reruns/r82-labels82-tw-$1.darshan;;
	*:W) echo $R/reruns/r82-labels82-$PASS-tw-$1.darshan;; *) echo $R/reruns/r82-labels82-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
# mpi NAME L|W NP PROG ARGS
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) -x DXT_ENABLE_IO_TRACE=1 "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
one() { name=$1 kind=$2; shift 2; hdr "$name: $*"; t0=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$S/darshan-big.conf DARSHAN_LOGFILE=$(logname $name $kind) \
		DXT_ENABLE_IO_TRACE=1 "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
sync
# fine (local): MD, 4 ranks x 4000 particles, 4000 steps; rank 0 gathers and fwrites a 384 KiB frame every 40 steps
only md && { rm -f out/traj.bin; mpi md L 4 ./app82 md 4000 4000 40 out/traj.bin; }
# fine (local): serial conventional SCF, 96 MiB integral scratch written once (1 MiB writes), read 24 times
only qchem && { rm -f out/scratch.bin; one qchem L ./qchem82 96 24 out/scratch.bin; }
# fine (local): Fortran/MPI 2 ranks, 10000 Jacobi steps, a 4 MiB stream restart a rank every 500 steps
only cfd && { rm -f out/restart.*; mpi cfd L 2 ./cfd82 10000 500 out; }
# fine (local): GNU sort of a 1.5M-line (~50 MB) CSV by energy (general numeric) and species (LC_ALL=C, one thread, 256 MiB buffer; first labelled run with -k2,2 -k3,3n took 1.8 s, under 5 s: discarded before any label)
only csvsort && { rm -f out/sorted.csv; one csvsort L env LC_ALL=C sort --parallel=1 -t, -k3,3g -k2,2 -S 256M -o out/sorted.csv in/events.csv; }
# problem (throttled sync mount): numpy SGD over 8 shards x 2 epochs, np.save of the 1 MiB weights after every
# 64-row mini-batch (512 saves); twin: once an epoch
only ml && { rm -f $T/out/w.npy; one ml L /usr/bin/python3 $S/ml82.py batch 2 $T/in $T/out/w.npy
	rm -f $T/out/w.npy; one ml-epoch W /usr/bin/python3 $S/ml82.py epoch 2 $T/in $T/out/w.npy; }
# problem (throttled write-back mount): Monte Carlo, 4 ranks x 1000 batches, a 256-byte tally record appended
# a batch and fsync'd after each (4000 fsyncs); twin: one fsync at the end
only mc && { rm -f $W/out/tally.*; mpi mc L 4 ./app82 mc 1000 20000 $W/out/tally sync
	rm -f $W/out/tally.*; mpi mc-end W 4 ./app82 mc 1000 20000 $W/out/tally end; }
ls -l logs reruns | tail -3
