#!/bin/bash
# Round 171's runs (labels171): spiking neural network simulation (NEST/NEURON-like I/O).
# Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is), round 169's darshan-big.conf (copied).
# Adapted from round 169's run_all.sh. PASS=lab: labelled logs (logs/r171-NAME) and each problem's twin
# (reruns/r171-labels171-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r171-labels171-PASS-NAME, -PASS-tw-TWIN). Run as root
# after `throttle.sh up`: this script puts itself in the blkio cgroup labels171 (only the loop device is limited).
# Inputs are made (outside Darshan) by prep below.
R=/tmp/labels171/run; S=/tmp/labels171/src; T=/tmp/labels171/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels171/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r171-$1.darshan;; lab:W) echo $R/reruns/r171-labels171-tw-$1.darshan;;
	*:W) echo $R/reruns/r171-labels171-$PASS-tw-$1.darshan;; *) echo $R/reruns/r171-labels171-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
done_() { echo "   rc=$1 wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) -x DXT_ENABLE_IO_TRACE=1 \
		${COMPUTE:+-x COMPUTE=$COMPUTE} "$@"
	done_ $?; }
ser() { name=$1 kind=$2; shift 2; hdr "$name serial: $*"; t0=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$S/darshan-big.conf DARSHAN_LOGFILE=$(logname $name $kind) \
		DXT_ENABLE_IO_TRACE=1 "$@"
	done_ $?; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
# prep (not logged): a 16 MiB binary connectivity file and a 2 MiB neuron-parameter file on the throttled mount
mkdir -p $T/in
[ -f $T/in/conn16.dat ] || ./app171 gen $T/in/conn16.dat 16
[ -f $T/in/params2.dat ] || ./app171 gen $T/in/params2.dat 2
sync
# fine (throttled sync mount): NEST-like run, 4 ranks (populations firing at 10/20/30/40 Hz, 20000 neurons a rank,
# 2000 steps of 0.1 ms): each rank reads its quarter of the connectivity with MPI_File_read_at_all; per-rank binary
# spike recorder (one fwrite of the step's spikes a step, through a 1 MiB stdio buffer: SPKBUF); rank 0 logs progress
# every 10 steps (fprintf); final network-state checkpoint (2 MiB a rank) with MPI_File_write_at_all
only sim && { fresh $T/sim; COMPUTE=1 mpi sim L 4 -x SPKBUF=1048576 ./app171 sim $T/in/conn16.dat $T/sim 2000; }
# problem (throttled sync mount): the same run with the spike recorder's stdio buffer left at its default (glibc:
# st_blksize, 4 KiB), so the spike files go out in 4 KiB synchronous writes; twin: SPKBUF=1 MiB (as sim)
only sim4k && { fresh $T/sim4k; COMPUTE=1 mpi sim4k L 4 ./app171 sim $T/in/conn16.dat $T/sim4k 2000;
	fresh $T/sim4k; COMPUTE=1 mpi sim4k-buf1m W 4 -x SPKBUF=1048576 ./app171 sim $T/in/conn16.dat $T/sim4k 2000; }
# fine (serial Python, right after sim): analysis script reads each per-rank spike file once, whole, and writes three
# small CSVs (rates, ISI histogram, PSTH); the interpreter by its real path (the pyenv shim is a bash script whose
# helper processes would write the log instead)
only ana && { rm -f $T/sim/*.csv; ser ana L /root/.pyenv/versions/3.11.7/bin/python3 $S/analyze.py $T/sim $T/sim; }
# fine (throttled sync mount): 4 ranks, every rank reads the whole 2 MiB parameter file (each needs all of it, 1 MiB
# preads); 256 voltage traces a rank kept in memory, one contiguous 1024000-B pwrite a rank every 500 steps into one
# shared trace file (2000 steps: 4 blocks)
only vrec && { fresh $T/vrec; COMPUTE=1 mpi vrec L 4 ./app171 vrec $T/in/params2.dat $T/vrec 2000; }
# problem (throttled sync mount): ASCII spike recorder written as a C++ ofstream (write(2) of its buffer), flushed after every time step, 1000 steps:
# ~1000 small synchronous writes a rank; twin: the same recorder with a 1 MiB buffer, no per-step flush
only spk && { fresh $T/spk; mpi spk L 4 ./app171 spk $T/spk 1000 1;
	fresh $T/spk; mpi spk-noflush W 4 ./app171 spk $T/spk 1000 0; }
# problem (throttled sync mount): NEURON-like voltage traces written one file per cell at the end (200 cells a rank,
# 1000 steps: 800 files of 8000 B); twin: one file per rank
only vstorm && { fresh $T/vs; mpi vstorm L 4 ./app171 vstorm $T/vs 1000 200 cell;
	fresh $T/vs; mpi vstorm-perrank W 4 ./app171 vstorm $T/vs 1000 200 rank; }
ls -l logs reruns | tail -3
