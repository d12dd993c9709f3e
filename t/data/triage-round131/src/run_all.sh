#!/bin/bash
# Round 131's runs (labels131): high-energy physics detector simulation and analysis. Real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf. PASS=lab: labelled logs (logs/r131-NAME) and
# each problem's twin (reruns/r131-labels131-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r131-labels131-PASS-NAME). Run as
# root after `throttle.sh up`: this script puts itself in the blkio cgroup labels131 (only the loop device is limited).
R=/tmp/labels131/run; S=/tmp/labels131/src; T=/tmp/labels131/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so; PY=/usr/bin/python3
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels131/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r131-$1.darshan;; lab:W) echo $R/reruns/r131-labels131-tw-$1.darshan;;
	*:W) echo $R/reruns/r131-labels131-$PASS-tw-$1.darshan;; *) echo $R/reruns/r131-labels131-$PASS-$1.darshan;; esac; }
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
# drop the ntuples' pages so the analysis reads meet the device (a cold start, as on a shared file system)
cold() { $PY -c 'import os,sys,glob
for p in glob.glob(sys.argv[1]+"/ntuple-*.bin"):
    fd=os.open(p,os.O_RDONLY); os.posix_fadvise(fd,0,0,os.POSIX_FADV_DONTNEED); os.close(fd)' $1; }
# inputs (not logged): 32 MiB of geometry+physics tables, 128 histograms of 64 KiB, 96 of 1 MiB, 4 local and 6 throttled ntuples
[ -f tab/physics.tab ] || { mkdir -p tab; $PY -c 'import numpy as np;np.random.default_rng(1).random(1<<20).tofile("tab/geometry.gdml.bin");np.random.default_rng(2).random(3<<20).tofile("tab/physics.tab")'; }
[ -f h/hist-127.dat ] || { mkdir -p h; ./hep131 mkhist 128 h 64; }
[ -f h1/hist-095.dat ] || { mkdir -p h1; ./hep131 mkhist 96 h1 1024; }
[ -f nt/ntuple-003.bin ] || { mkdir -p nt; $PY $S/mkntuple.py nt 4 262144; }
[ -f $T/nt/ntuple-005.bin ] || { mkdir -p $T/nt; $PY $S/mkntuple.py $T/nt 6 262144; }
sync
# fine (local): 4 ranks read the whole 32 MiB tables each, 2000 events of 2 KiB through stdio (1 MiB buffer), histograms merged by rank 0
only sim && { rm -rf o/sim; mkdir -p o/sim; DXT=1 mpi sim L 4 ./hep131 sim 2000 tab o/sim buf 4000; }
# fine (local): serial hadd of a 128-job batch's histograms (128 files of 64 KiB, each read once)
only hmerge && { rm -f h/merged.dat; DXT=1 one hmerge L ./hep131 hmerge 128 h; }
# fine (local): numpy analysis reading 2 of 16 branches of 4 ntuples (2 MiB a branch), bootstrap peak fit
only ana && { cold nt; DXT=1 one ana L $PY $S/ana131.py branches nt 4 8000; }
# problem (throttled sync mount): each rank write(2)s every 2 KiB event record (1000 a rank); twin: stdio 1 MiB buffer
only evsync && { rm -rf $T/o; mkdir -p $T/o; DXT=1 mpi evsync L 4 ./hep131 sim 1000 tab $T/o raw 3000
	rm -rf $T/o; mkdir -p $T/o; DXT=1 mpi evsync-buf W 4 ./hep131 sim 1000 tab $T/o buf 3000; }
# problem (throttled mount, cold): the analysis reads all 16 branches of 6 32-MiB ntuples to use 2; twin: the 2 branches
only anaall && { cold $T/nt; DXT=1 one anaall L $PY $S/ana131.py all $T/nt 6 2000
	cold $T/nt; DXT=1 one anaall-branches W $PY $S/ana131.py branches $T/nt 6 2000; }
# problem (local inputs, output on the throttled sync mount): hadd of 96 1-MiB histogram files rewriting the merged
# file after every input (96 MiB written for 1 MiB kept); twin: written once at the end
only hmevery && { mkdir -p $T/hm; rm -f $T/hm/merged.dat; DXT=1 one hmevery L ./hep131 hmerge 96 h1 $T/hm/merged.dat every
	rm -f $T/hm/merged.dat; DXT=1 one hmevery-end W ./hep131 hmerge 96 h1 $T/hm/merged.dat end; }
ls -l logs reruns | tail -3
