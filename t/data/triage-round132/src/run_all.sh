#!/bin/bash
# Round 132's runs (labels132): a thirteenth centre's ordinary day by lot (kinds.txt, draw.txt). Real Darshan 3.5.0
# runtime /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf. PASS=lab: labelled logs (logs/r132-NAME)
# and each problem's twin (reruns/r132-labels132-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r132-labels132-PASS-NAME).
# Run as root after `throttle.sh up`: this script puts itself in the blkio cgroup labels132 (only the loop device is limited).
R=/tmp/labels132/run; S=/tmp/labels132/src; T=/tmp/labels132/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels132/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r132-$1.darshan;; lab:W) echo $R/reruns/r132-labels132-tw-$1.darshan;;
	*:W) echo $R/reruns/r132-labels132-$PASS-tw-$1.darshan;; *) echo $R/reruns/r132-labels132-$PASS-$1.darshan;; esac; }
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
dropcache() { /usr/bin/python3 -c 'import os,sys
for p in sys.argv[1:]:
    fd=os.open(p,os.O_RDONLY); os.posix_fadvise(fd,0,0,os.POSIX_FADV_DONTNEED); os.close(fd)' "$@"; }
[ -f j/mesh.bin ] || ./app132 mkmesh 36 j
sync
# fine (local): reactor depletion, 4 ranks, 150 steps; rank 0 reads a 32 KiB nuclide library and appends (fflush) a line a step
only deplete && { rm -f j/inventory.csv; DXT=1 mpi deplete L 4 ./app132 deplete 150 j; }
# fine (local): implicit FE, 4 uneven partitions (6-12 MiB) read collectively from mesh.bin, 600 CG iterations, collective write
only implicit && { rm -f j/displacement.bin; dropcache j/mesh.bin; DXT=1 mpi implicit L 4 ./app132 implicit 600 j; }
# fine (local): MD radiation damage, 4 ranks, 100 frames of 256 KiB a rank (fwrite, a file a rank), a thermo line a step
only md && { rm -f j/traj.*; mpi md L 4 ./app132 md 100 j; }
# problem (throttled sync mount): explicit crash, 40 plot states, 256 KiB a rank a state written as 4 KiB independent
# writes to the shared plot file; twin: one collective write a rank a state
only crash && { mkdir -p $T/c; rm -f $T/c/plot.d3; mpi crash L 4 ./app132 crash 40 256 $T/c small
	rm -f $T/c/plot.d3; DXT=1 mpi crash-coll W 4 ./app132 crash 40 256 $T/c coll; }
# problem (throttled sync mount): viz extraction reads 4 whole 64 MiB dumps for one variable of 8; twin: seeks to it
only viz && { dropcache $T/viz/dump.*; DXT=1 one viz L /usr/bin/python3 $S/viz132.py whole $T/viz 8 5
	dropcache $T/viz/dump.*; DXT=1 one viz-slice W /usr/bin/python3 $S/viz132.py slice $T/viz 8 5; }
ls -l logs reruns | tail -3
