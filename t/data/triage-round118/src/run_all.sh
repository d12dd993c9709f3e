#!/bin/bash
# Round 118's runs (labels118): financial risk Monte Carlo. Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt
# (used as it is), round 26's darshan-big.conf, local disk only (no throttle). PASS=lab: labelled logs
# (logs/r118-NAME) and each problem's twin (reruns/r118-labels118-tw-TWIN); PASS=ab1|ab2: reruns
# (reruns/r118-labels118-PASS-NAME), as round 83's run_all.sh.
R=/tmp/labels118/run; S=/tmp/labels118/src
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
mkdir -p $R; cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r118-$1.darshan;; lab:W) echo $R/reruns/r118-labels118-tw-$1.darshan;;
	*:W) echo $R/reruns/r118-labels118-$PASS-tw-$1.darshan;; *) echo $R/reruns/r118-labels118-$PASS-$1.darshan;; esac; }
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
# a job directory with the day's market data: 8 MiB of curve/surface grid points (float64) and a 12-line text curve deck
job() { rm -rf $1; mkdir -p $1/scen; /usr/bin/python3 -c 'import numpy as np,sys; np.random.seed(1); np.random.rand(1<<20).tofile(sys.argv[1])' $1/market.bin
	for i in 0 1 2 3 4 5 6 7 8 9 10 11; do printf 'USD-SOFR-T%02d %.6f\n' $i $(echo "0.04+0.001*$i" | bc -l); done > $1/curves.txt; }
sync
# fine: 4 ranks, 100 scenarios each: market data read at start (8x1 MiB), a 64 KiB P&L file a scenario (400 files),
# a line-buffered line a scenario appended to the shared intermediate.log, RNG state checkpointed every 25 scenarios
only mc && { job j/mc; DXT=1 mpi mc L 4 ./app118 j/mc 100 150 none; }
# fine: 8 ranks, 40 scenarios each, P&L kept in memory and written once collectively to one shared file
only mc8 && { job j/mc8; DXT=1 mpi mc8 L 8 ./app118 j/mc8 40 150 shared; }
# fine: serial numpy end-of-day aggregation reading mc's 400 scenario files with np.fromfile
only eod && { [ -d j/mc/scen ] || { job j/mc; mpirun --allow-run-as-root --oversubscribe -np 4 ./app118 j/mc 100 150 none; }
	one eod L /usr/bin/python3 $S/eod118.py fromfile $R/j/mc/scen $R/j/mc/eod-report.txt; }
# problem: 4 ranks, 300 scenarios each, write(2)+fsync of every 60-B intermediate line; twin: line-buffered, no fsync
only fsync && { job j/fs; DXT=1 mpi fsync L 4 ./app118 j/fs 300 15 fsync; job j/fs; DXT=1 mpi fsync-nofsync W 4 ./app118 j/fs 300 15 none; }
# problem: 4 ranks re-read the whole 8 MiB market data for every one of 150 scenarios; twin: read once at start
only reread && { job j/rr; mpi reread L 4 ./app118 j/rr 150 40 reread; job j/rr; mpi reread-once W 4 ./app118 j/rr 150 40 none; }
# problem: the end-of-day aggregation reads each of 200 scenario files one float64 at a time (unbuffered, 8-B reads);
# twin: np.fromfile
only eodsmall && { [ -d j/es/scen ] || { job j/es; mpirun --allow-run-as-root --oversubscribe -np 4 ./app118 j/es 50 40 none; }
	one eodsmall L /usr/bin/python3 $S/eod118.py values $R/j/es/scen $R/j/es/eod-report.txt
	one eodsmall-fromfile W /usr/bin/python3 $S/eod118.py fromfile $R/j/es/scen $R/j/es/eod-report.txt; }
ls -l logs reruns | tail -3
