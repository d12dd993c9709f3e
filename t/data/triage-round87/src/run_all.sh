#!/bin/bash
# Round 87's runs (labels87): particle-physics event processing. Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt
# (used as it is), round 26's darshan-big.conf. PASS=lab: labelled logs (logs/r87-NAME) and each problem's twin
# (reruns/r87-labels87-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r87-labels87-PASS-NAME). Run as root after
# `throttle.sh up` and mkinputs.sh: this script puts itself in the blkio cgroup labels87 (only the loop device is limited).
R=/tmp/labels87/run; S=/tmp/labels87/src; T=/tmp/labels87/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels87/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r87-$1.darshan;; lab:W) echo $R/reruns/r87-labels87-tw-$1.darshan;;
	*:W) echo $R/reruns/r87-labels87-$PASS-tw-$1.darshan;; *) echo $R/reruns/r87-labels87-$PASS-$1.darshan;; esac; }
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
drop() { /usr/bin/python3 $S/dropcache.py "$@"; }
sync
# fine (local): 4 ranks; each reads the 16 MiB packed calibration database at start (1 MiB reads), then its quarter of the
# 600 baskets (32-128 KiB) of events.root in event order; histograms reduced to rank 0, written in one 1.6 MB write
only reco && { DXT=1 mpi reco L 4 $S/app87 reco events.root calib.db packed 2000 histos.dat bin 12; }
# fine (local): serial skim, reads the 600 baskets in order, keeps 1 event in 8, gathered into 1 MiB output baskets
only skim && { DXT=1 one skim L $S/skim87 events.root skim.dat buf 8; }
# fine (local): serial numpy hadd of 40 jobs' histogram files (200 KiB each), then a bootstrap fit of each histogram
only hadd && { one hadd L /usr/bin/python3 $S/hadd87.py parts 40 hadd.out 300; }
# problem (throttled sync mount, page cache dropped): the calibration database as 2000 files of 8 KiB, one per channel,
# each opened and read by every rank at start; twin: the same constants packed in one 16 MiB file (1 MiB reads)
only calibfiles && { drop $T/calib; mpi calibfiles L 4 $S/app87 reco events.root $T/calib files 2000 histos.dat bin 12
	drop $T/calib.db; mpi calibfiles-packed W 4 $S/app87 reco events.root $T/calib.db packed 2000 histos.dat bin 12; }
# problem (throttled sync mount): rank 0 writes the merged histograms as text through stdio (4.6 MB, fprintf a bin);
# twin: the same histograms in binary, one write(2)
only histtext && { DXT=1 mpi histtext L 4 $S/app87 reco events.root calib.db packed 2000 $T/histos.txt text 12
	DXT=1 mpi histtext-bin W 4 $S/app87 reco events.root calib.db packed 2000 $T/histos.dat bin 12; }
# problem (throttled sync mount): the skim writes each kept event with its own write(2) (~1200 of 2-8 KiB);
# twin: gathered into 1 MiB output baskets
only skimsync && { DXT=1 one skimsync L $S/skim87 events.root $T/skim.dat event 8
	DXT=1 one skimsync-buf W $S/skim87 events.root $T/skim.dat buf 8; }
ls -l logs reruns | tail -3
