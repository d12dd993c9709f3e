#!/bin/bash
# Round 156's runs (labels156): a regional centre's ordinary day drawn by lot (20 job kinds listed, 5 drawn with
# shuf: mesh partitioner, WRF-like forecast, GROMACS-like MD, genomics aligner, climate post-processing), Fortran
# and C++ codes. Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is), darshan-big.conf copied from
# round 146. PASS=lab: labelled logs (logs/r156-NAME) and each problem's twin (reruns/r156-labels156-tw-TWIN);
# PASS=ab1|ab2: reruns (reruns/r156-labels156-PASS-NAME). Run as root after `throttle.sh up`: this script puts itself
# in the blkio cgroup labels156 (only the loop device is limited). Adapted from round 146's run_all.sh.
R=/tmp/labels156/run; S=/tmp/labels156/src; T=/tmp/labels156/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels156/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r156-$1.darshan;; lab:W) echo $R/reruns/r156-labels156-tw-$1.darshan;;
	*:W) echo $R/reruns/r156-labels156-$PASS-tw-$1.darshan;; *) echo $R/reruns/r156-labels156-$PASS-$1.darshan;; esac; }
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
fresh() { rm -rf $1; mkdir -p $1; }
sync
# inputs (not under Darshan), made once: 48 MiB mesh, 256 MiB of 256-B reads (local), 12 monthly files of 8 MiB (throttled)
[ -f j/mesh.bin ] || { mkdir -p j; /usr/bin/python3 $S/mkinput156.py mesh j/mesh.bin 48; }
[ -f j/reads.fq ] || /usr/bin/python3 $S/mkinput156.py fastq j/reads.fq 256
[ -f $T/clim/month_12.dat ] || /usr/bin/python3 $S/mkinput156.py months $T/clim 8
# fine (local): 4 ranks; rank 0 alone reads the 48 MiB mesh (ifstream, 8 MiB reads) and scatters it, every rank
# partitions and writes its 3 MiB partition file (looks like rank-0-only I/O)
only meshpart && { fresh j/mp; DXT=1 mpi meshpart L 4 ./meshpart156 j/mesh.bin j/mp 900; }
# fine (local): 2 ranks MD; rank 0 appends 2.4 MB trajectory frames with fwrite every 20 steps and an energy line
# (fprintf) every step; every rank rewrites its checkpoint (fwrite) every 100 steps (bulk data through STDIO)
only gmx && { fresh j/gmx; DXT=1 mpi gmx L 2 ./gmx156 j/gmx 200000 400 20 100; }
# fine (throttled sync mount, cold cache): 4 ranks read 12 monthly 8 MiB files whole (3 a rank), rank 0 writes the
# climatology (looks I/O-bound)
only clim && { /usr/bin/python3 $S/mkinput156.py drop $T/clim/month_*.dat; rm -f $T/clim/climatology.dat;
	DXT=1 mpi clim L 4 ./clim156 $T/clim 256 256 32 40; }
# problem (local): 4 ranks WRF-like, a 32 KiB history record a step, flush + fsync after every record (2000 steps);
# twin: one fsync at the end
only wrf && { fresh j/wrf; mpi wrf L 4 ./wrf156 j/wrf 2000 64 64 20 fsync; fresh j/wrf; mpi wrf-end W 4 ./wrf156 j/wrf 2000 64 64 20 end; }
# problem (local): serial aligner reading 256 MiB of 256-B records one read(2) per record; twin: 4 MiB reads
only align && { fresh j/al; one align L ./align156 j/reads.fq j/al/out.sam rec; fresh j/al; one align-buf W ./align156 j/reads.fq j/al/out.sam buf; }
ls -l logs reruns | tail -3
