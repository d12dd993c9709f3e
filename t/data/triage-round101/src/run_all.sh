#!/bin/bash
# Round 101's runs (labels101): hydrology and land-surface models. Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt
# (used as it is), round 26's darshan-big.conf, local disk only (no throttle). PASS=lab: labelled logs (logs/r101-NAME)
# and each problem's twin (reruns/r101-labels101-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r101-labels101-PASS-NAME).
# Inputs in $R/in, made once by mkinputs.sh.
R=/tmp/labels101/run; S=/tmp/labels101/src
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r101-$1.darshan;; lab:W) echo $R/reruns/r101-labels101-tw-$1.darshan;;
	*:W) echo $R/reruns/r101-labels101-$PASS-tw-$1.darshan;; *) echo $R/reruns/r101-labels101-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
one() { name=$1 kind=$2; shift 2; hdr "$name: $*"; t0=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$S/darshan-big.conf DARSHAN_LOGFILE=$(logname $name $kind) "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
out() { rm -rf $R/o/$1; mkdir -p $R/o/$1; }
sync
# fine (serial): read 1200 small gauge files once at start (~300 B each), 3000 model steps, 40 basin outputs via stdio
only stations && { out st; one stations L $S/hyd101 stations in/gauges 1200 3000 o/st; }
# fine (4 ranks): gridded forcing (64 MiB) read each timestep, each rank its 40 KiB slab (pread), 10 basin files a rank
only forcing && { out fo; mpi forcing L 4 $S/hydmpi101 forcing in/forcing.bin 400 o/fo; }
# meant fine, judged a problem from its counters (serial): calibration loop, 40 model runs each re-reading the 64 MiB
# forcing (page cache) in 1 MiB reads; twin (calibonce, added after the labelled pass, run on its own with
# ONLY=calibonce for each PASS): the forcing read once and kept for the 40 runs
only calib && { out ca; one calib L $S/hyd101 calib in/forcing.bin 40 o/ca; }
[ "$ONLY" = calibonce ] && { out ca; one calib-once W $S/hyd101 calib in/forcing.bin 40 o/ca once; }
# problem (4 ranks): every basin output line written with write(2)+fsync (800 steps x 5 basins a rank);
# twin: stdio, one fsync per file at the end
only basinfsync && { out bf; mpi basinfsync L 4 $S/hydmpi101 basins o/bf 800 fsync; out bf; mpi basinfsync-buf W 4 $S/hydmpi101 basins o/bf 800 buf; }
# problem (serial): gridded forcing read one 4-byte cell per read(2) (300 steps x 16384 cells); twin: one read a step
only cellread && { one cellread L $S/hyd101 cells in/cells.bin 300 tiny; one cellread-slab W $S/hyd101 cells in/cells.bin 300 slab; }
ls -l logs reruns | tail -3
