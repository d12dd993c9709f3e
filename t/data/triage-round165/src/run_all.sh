#!/bin/bash
# Round 165's runs (labels165): finite-volume CFD with an OpenFOAM-like layout (per-processor directories, a directory
# per written time, many field files). Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is), round 26's
# darshan-big.conf (copied from round 158). Adapted from round 158's run_all.sh. PASS=lab: labelled logs (logs/r165-NAME)
# and each problem's twin (reruns/r165-labels165-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r165-labels165-PASS-NAME).
# Run as root after `throttle.sh up`: this script puts itself in the blkio cgroup labels165 (only the loop device is
# limited). Each case's input (decomposed mesh + the start time's fields) is made fresh before each run, outside Darshan.
R=/tmp/labels165/run; S=/tmp/labels165/src; T=/tmp/labels165/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels165/cgroup.procs
cd $R; mkdir -p logs reruns j
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r165-$1.darshan;; lab:W) echo $R/reruns/r165-labels165-tw-$1.darshan;;
	*:W) echo $R/reruns/r165-labels165-$PASS-tw-$1.darshan;; *) echo $R/reruns/r165-labels165-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} \
		${COMPUTE:+-x COMPUTE=$COMPUTE} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
# case CASEDIR NC TIME: a fresh decomposed case (4 processors: mesh + fields of TIME), synced, not logged
mkcase() { rm -rf $1; mkdir -p $1; ./app165 gen $1 $2 4 $3; sync; }
# fine (local): 4 ranks (22/24/26/28 % of 200k cells) read their processorN mesh and 0/ fields, 50 steps, write the 6
# fields every 10 steps (5 time dirs, 120 field files, header + binary block + trailer each); rank 0 logs residuals and
# forces with fprintf every step
only foam && { mkcase j/foam 200000 0; COMPUTE=6 DXT=1 mpi foam L 4 ./app165 run j/foam 200000 50 10 0 binary; }
# fine (local, 1 process, Darshan's non-MPI mode): python3 post-processing of the foam case just written (every
# processor's 5 written times, 6 fields each read whole, decoded, per-time min/max/mean to a CSV). The real interpreter
# (pyenv which python3), not the pyenv shim script (which would log bash instead).
ser() { name=$1; shift; hdr "$name (serial): $*"; t0=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$S/darshan-big.conf DARSHAN_LOGFILE=$(logname $name L) \
		${DXT:+DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only post && { [ -d j/foam/processor0/0.05 ] || { mkcase j/foam 200000 0; ./app165 run j/foam 200000 50 10 0 binary; }
	rm -rf j/foam/postProcessing/fieldStats.csv; sync; DXT=1 ser post $(pyenv which python3) $S/post165.py j/foam; }
# fine (throttled sync mount, input dropped from the page cache): restart from time 0.5 of a 160k-cell case, probing each
# field file's 1 KiB header before reading it whole, 20 steps, 2 written times
only restart && { mkcase $T/rs 160000 0.5; ./app165 drop $T/rs 4 0.5; COMPUTE=6 DXT=1 mpi restart L 4 ./app165 run $T/rs 160000 20 10 0.5 binary probe; }
# problem (throttled sync mount): a small 4000-cell case written every step (writeInterval 1): 60 time dirs x 6 fields x 4
# processors = 1440 files + 240 dirs; twin: writeInterval 10 (6 time dirs), the same 60 steps
only storm && { mkcase $T/st 4000 0; COMPUTE=40 mpi storm L 4 ./app165 run $T/st 4000 60 1 0 binary;
	mkcase $T/st 4000 0; COMPUTE=40 mpi storm-wi10 W 4 ./app165 run $T/st 4000 60 10 0 binary; }
# problem (local): ASCII fields written with one write(2) per value line (~20 B), 80k cells, 2 written times; twin: the
# same text assembled in a 1 MiB buffer and written in 1 MiB writes
only ascii && { mkcase j/asc 80000 0; COMPUTE=4 mpi ascii L 4 ./app165 run j/asc 80000 20 10 0 ascii;
	mkcase j/asc 80000 0; COMPUTE=4 mpi ascii-buf W 4 ./app165 run j/asc 80000 20 10 0 asciibuf; }
ls -l logs reruns | tail -3
