#!/bin/bash
# Round 83's runs (labels83): high-throughput materials workflows. Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt
# (used as it is), round 26's darshan-big.conf. PASS=lab: labelled logs (logs/r83-NAME) and each problem's twin
# (reruns/r83-labels83-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r83-labels83-PASS-NAME). Run as root after
# `throttle.sh up`: this script puts itself in the blkio cgroup labels83 (only the loop device is limited).
R=/tmp/labels83/run; S=/tmp/labels83/src; T=/tmp/labels83/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels83/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r83-$1.darshan;; lab:W) echo $R/reruns/r83-labels83-tw-$1.darshan;;
	*:W) echo $R/reruns/r83-labels83-$PASS-tw-$1.darshan;; *) echo $R/reruns/r83-labels83-$PASS-$1.darshan;; esac; }
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
job() { rm -rf $1; mkdir -p $1; printf 'ENCUT = 520\nISMEAR = 0\nIBRION = 2\nNSW = 40\n' > $1/INCAR
	printf 'Si\n1.0\n5.43 0 0\n0 5.43 0\n0 0 5.43\nSi\n8\nDirect\n' > $1/POSCAR; printf 'Auto\n0\nGamma\n6 6 6\n' > $1/KPOINTS; }
sync
# fine (local): 4 ranks, 300 SCF iterations, OUTCAR line an iteration through stdio, 4x8 MiB WAVECAR collective at the end
only scf && { job j/scf; DXT=1 mpi scf L 4 ./app83 scf 300 8 j/scf end; }
# fine (local): 4 ranks restart from scf's WAVECAR (8 MiB a rank in 1 MiB MPI-IO independent reads), 300 iterations
only restart && { [ -f j/scf/WAVECAR ] || { job j/scf; ./app83 scf 3 8 j/scf end; }; DXT=1 mpi restart L 4 ./app83 restart 300 8 j/scf end; }
# fine (local): serial numpy driver parsing 200 calcs' OUTCAR + POSCAR (400 small files), then an EOS fit
only driver && { [ -d calcs ] || $S/mkcalcs.sh $R/calcs 200 0; one driver L /usr/bin/python3 $S/driver83.py outcar calcs 200 120000; }
# problem (local): rank 0 fsyncs OUTCAR after every iteration line (800 fsyncs); twin: stdio, no fsync
only outfsync && { job j/of; DXT=1 mpi outfsync L 4 ./app83 scf 800 2 j/of fsync; job j/of; DXT=1 mpi outfsync-stdio W 4 ./app83 scf 800 2 j/of end; }
# problem (throttled sync mount): 4 ranks write the whole 4x4 MiB WAVECAR every SCF iteration (60x);
# twin: once at the end
only wavevery && { job $T/j/we; DXT=1 mpi wavevery L 4 ./app83 scf 60 4 $T/j/we every; job $T/j/we; DXT=1 mpi wavevery-end W 4 ./app83 scf 60 4 $T/j/we end; }
# problem (throttled sync mount): the driver reads 40 calcs' whole 8 MiB WAVECAR to get one number; twin: OUTCAR
only drvwav && { [ -d $T/calcs ] || $S/mkcalcs.sh $T/calcs 40 8; python3 -c 'import os,sys,glob
for p in glob.glob(sys.argv[1]+"/calc-*/WAVECAR"):
    fd=os.open(p,os.O_RDONLY); os.posix_fadvise(fd,0,0,os.POSIX_FADV_DONTNEED); os.close(fd)' $T/calcs
	DXT=1 one drvwav L /usr/bin/python3 $S/driver83.py wavecar $T/calcs 40 120000
	one drvwav-outcar W /usr/bin/python3 $S/driver83.py outcar $T/calcs 40 120000; }
ls -l logs reruns | tail -3
