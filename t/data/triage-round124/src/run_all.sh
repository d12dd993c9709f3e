#!/bin/bash
# Round 124's runs (labels124): a weather and climate centre's ordinary day. Real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf. PASS=lab: labelled logs (logs/r124-NAME) and
# each problem's twin (reruns/r124-labels124-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r124-labels124-PASS-NAME).
# Run as root after `throttle.sh up`: this script puts itself in the blkio cgroup labels124 (only the loop device is limited).
R=/tmp/labels124/run; S=/tmp/labels124/src; T=/tmp/labels124/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels124/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r124-$1.darshan;; lab:W) echo $R/reruns/r124-labels124-tw-$1.darshan;;
	*:W) echo $R/reruns/r124-labels124-$PASS-tw-$1.darshan;; *) echo $R/reruns/r124-labels124-$PASS-$1.darshan;; esac; }
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
[ -f in/era.bin ] || /usr/bin/python3 $S/mkinputs.py $R/in $R/in/era.bin
sync
# fine (local): 4-rank forecast model, 12 output hours, a 16 MiB history file an hour written collectively, stdio log
only nwp && { rm -rf j/nwp; mkdir -p j/nwp; DXT=1 mpi nwp L 4 ./app124 nwp j/nwp 12 4; }
# fine (local): 4-rank 4D-Var, rank 0 reads 24 observation files and broadcasts, collective background/analysis
only var4d && { rm -f in/analysis.bin; DXT=1 mpi var4d L 4 ./app124 var4d in 24 120; }
# fine (local): serial numpy verification of 60 forecast fields against analyses (120 small files), bootstrap CIs
only verif && { one verif L /usr/bin/python3 $S/verif124.py in 60 400; }
# problem (local): point time series from a 287 MiB reanalysis file, fseek+fread of each 4-byte value
# (96 points x 8760 hours); twin: one fread of each hour's field
only extract && { one extract L ./app124 extract in/era.bin 8760 96 point; one extract-slab W ./app124 extract in/era.bin 8760 96 slab; }
# problem (throttled sync mount): climate model overwrites its 8 MiB restart dump every model day (30x);
# twin: at the end only (the restart a rerun needs)
only restart && { rm -rf $T/j/rs; mkdir -p $T/j/rs; DXT=1 mpi restart L 4 ./app124 restart $T/j/rs 30 2 1;
	rm -rf $T/j/rs; mkdir -p $T/j/rs; DXT=1 mpi restart-end W 4 ./app124 restart $T/j/rs 30 2 30; }
ls -l logs reruns | tail -3
