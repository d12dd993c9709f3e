#!/bin/bash
# Round 181's runs (labels181): seismic wave propagation (SPECFEM/SW4-like): per-rank mesh databases, station
# seismograms, wavefield snapshots, a shot-gather post-processor. Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt
# (used as it is), round 169's darshan-big.conf. Adapted from round 169's run_all.sh. PASS=lab: labelled logs
# (logs/r181-NAME) and each problem's twins (reruns/r181-labels181-tw-TWIN); PASS=ab1|ab2: reruns
# (reruns/r181-labels181-PASS-NAME, twins -PASS-tw-TWIN). Run as root after `throttle.sh up`: this script puts itself
# in the blkio cgroup labels181 (only the two loop devices are limited). Inputs are made (outside Darshan) by prep below.
R=/tmp/labels181/run; S=/tmp/labels181/src; T=/tmp/labels181/mnt; T2=/tmp/labels181/mnt2
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels181/cgroup.procs
cd $R; mkdir -p logs reruns data j
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r181-$1.darshan;; lab:W) echo $R/reruns/r181-labels181-tw-$1.darshan;;
	*:W) echo $R/reruns/r181-labels181-$PASS-tw-$1.darshan;; *) echo $R/reruns/r181-labels181-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
tail_() { echo "   rc=$1 wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} \
		${COMPUTE:+-x COMPUTE=$COMPUTE} "$@"; tail_ $?; }
ser() { name=$1 kind=$2; shift 2; hdr "$name serial: $*"; t0=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$S/darshan-big.conf DARSHAN_LOGFILE=$(logname $name $kind) \
		${DXT:+DXT_ENABLE_IO_TRACE=1} "$@"; tail_ $?; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
# prep (not logged, local disk): 8 mesh databases of 4 MiB (proc00000N_mesh.bin), STATIONS (256 stations), stf.txt
# (2000 samples of a Ricker wavelet); a time-major gathered seismogram file of 8000 steps x 96 stations x 3 comps (9 MiB)
[ -f data/proc000007_mesh.bin ] || ./app181 gen data 8 256 2000
[ -f data/seis_tm.bin ] || ./app181 gentm data/seis_tm.bin 8000 96
sync
# FINE (throttled sync mount): forward run, 4 ranks; each reads its 4 MiB mesh database once (1 MiB preads), every rank
# reads STATIONS and stf.txt (fgets/fscanf); 1500 steps, a snapshot every 300 (one shared file each, MPI_File_write_at_all
# of 576000 B a rank); 96 stations' seismograms gathered to rank 0 (MPI_Gather) and written once; rank 0's progress
# log output_solver.txt, one fprintf line a step
only fwd && { fresh $T/f; COMPUTE=2 DXT=1 mpi fwd L 4 ./app181 fwd data $T/f 1500 300 96 coll gather; }
# FINE (local disk): the same at 8 ranks, 1000 steps, a snapshot every 250 as one file per rank (one 576000-B pwrite),
# 256 stations, seismograms one binary file a rank written once at the end
only fwd8 && { fresh j/f8; COMPUTE=1 DXT=1 mpi fwd8 L 8 ./app181 fwd data j/f8 1000 250 256 fpp perrank; }
# PROBLEM (throttled sync mount): SPECFEM-classic ASCII seismograms: one fprintf'ed .semd file per station per component
# (256 stations x 3 = 768 files of 400 lines, ~11.6 KB each, 192 a rank); 400 steps, 2 collective snapshots.
# Twin: the same seismograms written as one binary file a rank
only seisstorm && { fresh $T/s; COMPUTE=1 DXT=1 mpi seisstorm L 4 ./app181 fwd data $T/s 400 200 256 coll ascii;
	fresh $T/s; COMPUTE=1 DXT=1 mpi seisstorm-perrank W 4 ./app181 fwd data $T/s 400 200 256 coll perrank; }
# PROBLEM (throttled mount WITHOUT -o sync): each rank appends its 24 stations' samples (288 B) to its own seismogram
# file every step and fsyncs it (400 steps, 2 collective snapshots). Twins: the same appends without fsync; the traces
# buffered and written once a rank at the end
only seisync && { fresh $T2/y; COMPUTE=2 DXT=1 mpi seisync L 4 ./app181 fwd data $T2/y 400 200 96 coll sync;
	fresh $T2/y; COMPUTE=2 DXT=1 mpi seisync-nosync W 4 -x NOSYNC=1 ./app181 fwd data $T2/y 400 200 96 coll sync;
	fresh $T2/y; COMPUTE=2 DXT=1 mpi seisync-buf W 4 ./app181 fwd data $T2/y 400 200 96 coll perrank; }
# PROBLEM (serial, local disk, DXT off: 2.3 M requests): shot-gather post-processor: builds trace-major gathers of
# 288 traces x 8000 samples from the time-major file with one 4-B pread per sample; writes one 32000-B trace at a time.
# Twin: reads the file once in 1 MiB preads and transposes in memory
only shotgather && { fresh j/g; mpi_=0 ser shotgather L ./app181 shotgather data/seis_tm.bin j/g/gather.bin 8000 96 sample;
	fresh j/g; ser shotgather-once W ./app181 shotgather data/seis_tm.bin j/g/gather.bin 8000 96 once; }
ls -l logs reruns | tail -3
