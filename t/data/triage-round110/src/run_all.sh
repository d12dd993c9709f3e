#!/bin/bash
# Round 110's runs (labels110): astronomy survey pipelines. Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt
# (used as it is), round 26's darshan-big.conf. PASS=lab: labelled logs (logs/r110-NAME) and each problem's twin
# (reruns/r110-labels110-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r110-labels110-PASS-NAME). Run as root after
# `throttle.sh up`: this script puts itself in the blkio cgroup labels110 (only the loop device is limited).
R=/tmp/labels110/run; S=/tmp/labels110/src; T=/tmp/labels110/mnt; A=/tmp/labels110/app110
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels110/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r110-$1.darshan;; lab:W) echo $R/reruns/r110-labels110-tw-$1.darshan;;
	*:W) echo $R/reruns/r110-labels110-$PASS-tw-$1.darshan;; *) echo $R/reruns/r110-labels110-$PASS-$1.darshan;; esac; }
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
# inputs (no Darshan): bias, flat and 32 exposures of 1024x1024 float32 (4-block headers) on local disk; a coadd
[ -f d/exp-0031.fits ] || { mkdir -p d; mpirun --allow-run-as-root --oversubscribe -np 2 $A mkdata d 32 1024; }
[ -f d/coadd.fits ] || mpirun --allow-run-as-root --oversubscribe -np 4 $A coadd d 32 1
sync
# fine (local): 4 ranks calibrate 32 exposures; every rank reads bias+flat once (whole 4-block header in one read),
# writes its calibrated frames, catalogue rows through a buffered FILE per rank
only calib && { DXT=1 mpi calib L 4 $A calib d 32 3 stdio; }
# fine (local): 8 ranks coadd 32 exposures, each header read card by card (80-byte preads until END), rank 0 writes
# the 4 MiB coadd after an MPI_Reduce
only coadd && { mpi coadd L 8 $A coadd d 32 6; }
# fine (local): serial numpy step writing 300 cutouts as small files, photometry dominating
only cutouts && { rm -rf cut; one cutouts L /usr/bin/python3 $S/cutouts110.py d/coadd.fits cut 300 100 files; }
# problem (catalogue on the throttled sync mount): every source row appended with open/write/close (24 exposures x
# 200 rows); twin: one write of the exposure's rows
only catrow && { mkdir -p $T/cat; mpi catrow L 4 $A calib d 24 3 row $T/cat 200; mpi catrow-exp W 4 $A calib d 24 3 exp $T/cat 200; }
# problem (local): bias+flat re-read for every 16-row strip of every exposure (64x); twin: read once
only recal && { mpi recal L 4 $A recal d 32 3 16; mpi recal-once W 4 $A recal d 32 3 0; }
# problem (throttled sync mount): 1200 cutouts written as small files; twin: one multi-extension file, 16 MiB buffer
only cutstorm && { rm -rf $T/cut; one cutstorm L /usr/bin/python3 $S/cutouts110.py d/coadd.fits $T/cut 1200 2 files
	rm -rf $T/cut; one cutstorm-mef W /usr/bin/python3 $S/cutouts110.py d/coadd.fits $T/cut 1200 2 mef; }
ls -l logs reruns | tail -3
