#!/bin/bash
# Round 127's runs (labels127): protein structure prediction and structural biology. Real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf. PASS=lab: labelled logs (logs/r127-NAME) and
# each problem's twin (reruns/r127-labels127-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r127-labels127-PASS-NAME). Run as
# root after `throttle.sh up` and `mkinputs.sh /tmp/labels127/run`: this script puts itself in the blkio cgroup
# labels127 (only the loop device is limited).
R=/tmp/labels127/run; S=/tmp/labels127/src; T=/tmp/labels127/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PY=/usr/bin/python3
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels127/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r127-$1.darshan;; lab:W) echo $R/reruns/r127-labels127-tw-$1.darshan;;
	*:W) echo $R/reruns/r127-labels127-$PASS-tw-$1.darshan;; *) echo $R/reruns/r127-labels127-$PASS-$1.darshan;; esac; }
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
# fine (local): 4-rank MSA search, each rank scans 2 of 8 16 MiB databases in 4 MiB reads, then writes its 27 KB hits file
only msa && { rm -f msa/out/*; DXT=1 mpi msa L 4 $S/app127 msa 8 16 msa 500000; }
# fine (local): 4-rank docking screen, the 32 MiB receptor grid loaded once a rank, 800 small ligand files, stdio scores
only dock && { rm -f dock/out/*; DXT=1 mpi dock L 4 $S/app127 dock 800 32 dock once 30; }
# fine (local): serial inference: 32 MiB weights loaded once, 24 pickled feature files, a PDB and a JSON per target
only infer && { rm -rf fold/out; DXT=1 one infer L $PY $S/fold127.py infer fold 24 6; }
# problem (throttled sync mount): relaxation writes each relaxed PDB line-buffered (one write(2) per 81-B ATOM
# record, 3200); twin: default buffering
only relax && { [ -d $T/fold ] || cp -r fold $T/fold; rm -rf $T/fold/relaxed; one relax L $PY $S/fold127.py relax $T/fold 8 20 line
	rm -rf $T/fold/relaxed; one relax-block W $PY $S/fold127.py relax $T/fold 8 20 block; }
# problem (local): docking re-reads the whole 32 MiB receptor grid for every ligand (400); twin: once a rank
only dockgrid && { rm -f dock/out/*; DXT=1 mpi dockgrid L 4 $S/app127 dock 400 32 dock each 10
	rm -f dock/out/*; DXT=1 mpi dockgrid-once W 4 $S/app127 dock 400 32 dock once 10; }
ls -l logs reruns | tail -3
