#!/bin/sh
# Round 75's runs: OpenFOAM-style case I/O under the real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (POSIX,
# MPI-IO, STDIO, DXT; used as it is). LOGS=dir of the logs, ONLY="names" (default all, twins included).
# Local disk: /tmp/labels75/local (ext4 on the VM's virtio disk); throttled: /tmp/labels75/mnt (throttle.sh up;
# this script joins cgroup labels75, so mpirun and the ranks inherit the blkio limits).
R=/tmp/labels75; A=$R/run/app75; F=$R/run/probes75
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so; CF=$R/src/darshan-big.conf
L=$R/local; T=$R/mnt/case
LOGS=${LOGS:-$R/logs/labelled}; mkdir -p $LOGS
echo $$ > /sys/fs/cgroup/blkio/labels75/cgroup.procs
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
mpi() { name=$1 np=$2; shift 2; hdr "$name np $np: $*"
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$CF -x DARSHAN_LOGFILE=$LOGS/r75-$name.darshan ${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$?"; }
one() { name=$1; shift; hdr "$name: $*"; s=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$CF DARSHAN_LOGFILE=$LOGS/r75-$name.darshan \
		${DXT:+DXT_ENABLE_IO_TRACE=1} "$@" | tail -1
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $s" | bc) s"; }
# P1 uncollated ASCII (writePrecision 6), writeInterval 50 of 250 steps: 5 times x 5 fields x 4 processors
only uncoll && { rm -rf $L/c1; mpi uncoll 4 $A uncoll 50000 250 10 50 ascii 6 $L/c1; }
# twin of P1 added at 19:46 after the first reruns began, before any label (same run, writeFormat binary)
only uncoll-bin && { rm -rf $L/c1; mpi uncoll-bin 4 $A uncoll 50000 250 10 50 binary 6 $L/c1; }
# P2 collated binary on the throttled disk, 8 ranks, writeInterval 50 of 200 steps: 4 times x 5 files
only coll && { rm -rf $T/c2; DXT=1 mpi coll 8 $A coll 10000 200 10 50 $T/c2; }
# P3 writeInterval 1 (ASCII, 100 steps: 2000 files) and its twin, writeInterval 20 (100 files)
only everystep && { rm -rf $L/c3; mpi everystep 4 $A uncoll 10000 100 20 1 ascii 6 $L/c3; }
only everystep-b && { rm -rf $L/c3; mpi everystep-b 4 $A uncoll 10000 100 20 20 ascii 6 $L/c3; }
# P4 decomposePar of a 2 M point mesh by awk (one process, non-MPI Darshan)
only decompose && { rm -rf $L/c4; for q in 0 1 2 3; do mkdir -p $L/c4/processor$q/constant/polyMesh; done
	one decompose awk -v NP=4 -v CASE=$L/c4 -v XMAX=1.0 -f $R/src/decompose75.awk $L/in/points; }
# P5 probes function object, Fortran, 4 ranks, 1500 steps, rank 0 appends a line per field a step
only probes && { rm -rf $L/c5; DXT=1 mpi probes 4 $F 20000 1500 4 $L/c5; }
# P6 reconstructPar + post-processing in Python on the throttled disk; its input (3 binary write times of a 4-way
# case) is made first without Darshan
only reconstruct && { rm -rf $T/c6; mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none \
	-np 4 $A uncoll 40000 30 1 10 binary 6 $T/c6 >/dev/null; DXT=1 one reconstruct /usr/bin/python3 $R/src/reconstruct75.py $T/c6 250; }
# P7 restart from a binary write time (300000 cells a rank) read one value per read(2); twin: one read a field
only restart-small && { mpi restart-small 4 $A restart 300000 60 5 $L/rs 0.001 small; }
only restart-whole && { mpi restart-whole 4 $A restart 300000 60 5 $L/rs 0.001 whole; }
# P8 ASCII writePrecision 17 on the throttled disk; twin: binary
only ascii17 && { rm -rf $T/c8; mpi ascii17 4 $A uncoll 10000 150 10 50 ascii 17 $T/c8; }
only binary && { rm -rf $T/c8; mpi binary 4 $A uncoll 10000 150 10 50 binary 17 $T/c8; }
ls -l $LOGS
