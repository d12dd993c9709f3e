#!/bin/bash
# Round 141's runs (labels141): an energy company's research centre. Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt
# (used as it is), round 26's darshan-big.conf. PASS=lab: labelled logs (logs/r141-NAME) and each problem's twin
# (reruns/r141-labels141-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r141-labels141-PASS-NAME). Run as root after
# `throttle.sh up`: this script puts itself in the blkio cgroup labels141 (only the loop device is limited).
R=/tmp/labels141/run; S=/tmp/labels141/src; T=/tmp/labels141/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels141/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r141-$1.darshan;; lab:W) echo $R/reruns/r141-labels141-tw-$1.darshan;;
	*:W) echo $R/reruns/r141-labels141-$PASS-tw-$1.darshan;; *) echo $R/reruns/r141-labels141-$PASS-$1.darshan;; esac; }
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
sync
# fine (local): wind-farm LES, 4 ranks, 2000 steps, rank 0 writes a stdio probe line a step, 4x8 MiB checkpoint collective at the end
only windles && { rm -rf j/wl; mkdir -p j/wl; DXT=1 mpi windles L 4 ./app141 windles 2000 8 j/wl; }
# fine (local): geothermal fracture network, 4 ranks read their 8 MiB of a 32 MiB mesh in 256 KiB independent MPI-IO reads
only geo && { [ -f j/geo/mesh.bin ] || { mkdir -p j/geo; head -c 33554432 /dev/urandom > j/geo/mesh.bin; }
	DXT=1 mpi geo L 4 ./app141 geo 600 8 j/geo; }
# fine (local): met-ocean post-processing, serial numpy, a year of daily buoy files (365 small text files), bootstrap
only metocean && { [ -d j/buoy ] || /usr/bin/python3 $S/mkbuoy.py j/buoy; one metocean L /usr/bin/python3 $S/metocean.py j/buoy 40000; }
# problem (throttled sync mount): production-cost model fflush()es each hourly CSV row (2000 rows); twin: stdio buffering
only gridcost && { mkdir -p $T/gc; DXT=1 one gridcost L ./gridcost 2000 flush $T/gc/dispatch.csv
	DXT=1 one gridcost-end W ./gridcost 2000 end $T/gc/dispatch.csv; }
# problem (throttled sync mount): boosting re-reads the 16 MiB feature table every round (20 rounds); twin: read once
only loadfc && { [ -f $T/fc/features.bin ] || { mkdir -p $T/fc; head -c 16777216 /dev/urandom | /usr/bin/python3 -c 'import sys,numpy as np
x=np.frombuffer(sys.stdin.buffer.read(),dtype=np.uint8).astype(np.float64)[:2097152].reshape(-1,16)/255.0; x.tofile(sys.argv[1])' $T/fc/features.bin; }
	one loadfc L /usr/bin/python3 $S/loadfc.py reread $T/fc/features.bin 20
	one loadfc-once W /usr/bin/python3 $S/loadfc.py once $T/fc/features.bin 20; }
ls -l logs reruns | tail -3
