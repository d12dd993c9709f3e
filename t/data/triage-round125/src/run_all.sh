#!/bin/bash
# Round 125's runs (labels125): materials science and electronic-structure codes. Real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf (as round 83). PASS=lab: labelled logs
# (logs/r125-NAME) and each problem's twin (reruns/r125-labels125-tw-TWIN); PASS=ab1|ab2: reruns
# (reruns/r125-labels125-PASS-NAME). Run as root after `throttle.sh up`: this script puts itself in the blkio
# cgroup labels125 (only the loop device is limited). Binaries: app125 (mpicc), bands125 (mpif90) in /tmp/labels125.
R=/tmp/labels125/run; S=/tmp/labels125/src; T=/tmp/labels125/mnt; B=/tmp/labels125
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels125/cgroup.procs
mkdir -p $R; cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r125-$1.darshan;; lab:W) echo $R/reruns/r125-labels125-tw-$1.darshan;;
	*:W) echo $R/reruns/r125-labels125-$PASS-tw-$1.darshan;; *) echo $R/reruns/r125-labels125-$PASS-$1.darshan;; esac; }
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
# a job directory: INCAR and a 600 KB text POTCAR (pseudopotential tables), both read by every rank
job() { rm -rf $1; mkdir -p $1; printf 'ENCUT = 400\nISMEAR = 0\nNELM = 40\nLWAVE = .TRUE.\n' > $1/INCAR
	/usr/bin/python3 -c 'import sys
with open(sys.argv[1],"w") as f:
    f.write("  PAW_PBE Si 05Jan2001\n")
    for i in range(12000): f.write("  %.10E  %.10E  %.10E\n" % (i*1e-3, (i%97)*1e-2, (i%13)*0.5))' $1/POTCAR; }
# a band-structure directory: NK small text files of eigenvalues (one a k-point, as a code writes them)
eigs() { rm -rf $1; mkdir -p $1/eig; /usr/bin/python3 -c 'import sys
for k in range(int(sys.argv[2])):
    with open("%s/eig/EIG.k%04d" % (sys.argv[1], k), "w") as f:
        f.write("# k %d\n" % k); f.write(" ".join("%.6f" % (-12 + 0.4*b + 0.01*((k*b) % 17)) for b in range(48)) + "\n")' $1 $2; }
sync
# fine (local): 4 ranks, 8 k-points out of core (a 1 MiB WAVE.kNNN each, written every SCF cycle and read back at the
# next, whole-file writes/reads), every rank reads INCAR+POTCAR, stdio OUTCAR by rank 0, 32 MiB CHGCAR collective
only scf && { job j/scf; DXT=1 mpi scf L 4 $B/app125 j/scf 20 8 64 16 32 block 6; }
# fine (local): serial numpy band structure from 400 small EIG files read once each
only bands && { eigs j/bands 400; DXT=1 one bands L /usr/bin/python3 $S/post125.py bands j/bands 400; }
# fine (local): Fortran+MPI DOS, 4 ranks read their slab of a 32 MiB unformatted density once, rank 0 writes DOSCAR
only dos && { mkdir -p j/dos; [ -f j/dos/RHO ] || /usr/bin/python3 -c 'import numpy as np, sys
np.random.default_rng(125).standard_normal(4<<20).tofile(sys.argv[1])' j/dos/RHO
	DXT=1 mpi dos L 4 $B/bands125 dos j/dos 0 0 15; }
# problem (throttled sync mount): the wavefunctions written and read one 4 KiB band at a time (256 write(2)s a
# k-point file per cycle, 2048 a cycle); twin: one 1 MiB write/read a k-point file
only wfband && { job $T/j/wb; DXT=1 mpi wfband L 4 $B/app125 $T/j/wb 4 8 256 4 8 band 2;
	job $T/j/wb; DXT=1 mpi wfband-block W 4 $B/app125 $T/j/wb 4 8 256 4 8 block 2; }
# problem (throttled sync mount): Fortran band post-processing, 2 ranks write one small file per (k-point, band):
# 60 x 24 = 1440 files; twin: one file per rank
only kstorm && { rm -rf $T/j/ks; mkdir -p $T/j/ks/bands; seq 60 | sed 's/^/0.0 0.0 /' > $T/j/ks/KPATH
	DXT=1 mpi kstorm L 2 $B/bands125 storm $T/j/ks 60 24 20
	rm -rf $T/j/ks/bands; mkdir -p $T/j/ks/bands; DXT=1 mpi kstorm-one W 2 $B/bands125 one $T/j/ks 60 24 20; }
# problem (local): numpy projected DOS re-reading the whole 48 MiB WAVEDAT for each of its 64 bands; twin: read once
only pdos && { mkdir -p j/pdos; [ -f j/pdos/WAVEDAT ] || /usr/bin/python3 -c 'import numpy as np, sys
(np.random.default_rng(7).random(64*196608, dtype=np.float32)).tofile(sys.argv[1])' j/pdos/WAVEDAT
	DXT=1 one pdos L /usr/bin/python3 $S/post125.py pdos j/pdos 64 perband
	DXT=1 one pdos-once W /usr/bin/python3 $S/post125.py pdos j/pdos 64 once; }
ls -l logs reruns | tail -3
