#!/bin/bash
# Round 184's runs (labels184): numerical weather prediction (WRF-like). Adapted from round 169's run_all.sh.
# Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is), round 169's darshan-big.conf, DXT on.
# PASS=lab: labelled logs (logs/r184-NAME) and each problem's twin (reruns/r184-labels184-tw-TWIN);
# PASS=ab1|ab2: reruns (reruns/r184-labels184-PASS-NAME, twins -PASS-tw-TWIN). Run as root after `throttle.sh up`:
# this script puts itself in the blkio cgroup labels184 (only the two loop devices are limited).
# Args of app184: MODE RUNDIR INDIR HOURS STEPS NX NY NLEV NFLD (patch a rank: NX x NY x NLEV floats a field).
R=/tmp/labels184/run; S=/tmp/labels184/src; T=/tmp/labels184/mnt; TA=/tmp/labels184/mnta
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels184/cgroup.procs
cd $R; mkdir -p logs reruns in
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r184-$1.darshan;; lab:W) echo $R/reruns/r184-labels184-tw-$1.darshan;;
	*:W) echo $R/reruns/r184-labels184-$PASS-tw-$1.darshan;; *) echo $R/reruns/r184-labels184-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) -x DXT_ENABLE_IO_TRACE=1 \
		${COMPUTE:+-x COMPUTE=$COMPUTE} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
# prep (not logged, local disk): namelist.input (~3 KB text) and an 8 MiB boundary file wrfbdy_d01
[ -f in/wrfbdy_d01 ] || ./app184 gen in/wrfbdy_d01 8
[ -f in/namelist.input ] || { for g in time_control domains physics dynamics bdy_control; do echo " &$g"; for k in $(seq 1 12); do echo " ${g}_opt$k = $k, $k, $k,"; done; echo " /"; done > in/namelist.input; }
sync
# fine (sync mount): 6 model hours x 20 steps; bdy slab a rank an hour by MPI_File_read_at_all; history per hour to one
# shared file, one MPI_File_write_at_all per field (8 fields of 128x32x20 floats a rank = 2.5 MiB a rank an hour);
# collective restart at the end; rsl.out/rsl.error per rank (fprintf a line a step)
only wrfcoll && { fresh $T/c; COMPUTE=4 mpi wrfcoll L 4 ./app184 coll $T/c $R/in 6 20 128 32 20 8; }
# fine (sync mount): io_form split: a history file per rank per hour (one 320-KiB write a field), rank 0 reads the
# hour's bdy slab and scatters it, per-rank restart files
only wrfsplit && { fresh $T/s; COMPUTE=4 mpi wrfsplit L 4 ./app184 split $T/s $R/in 6 20 128 32 20 8; }
# problem (sync mount): split history written one 1-KiB write per row (256 floats) per level per field;
# twin: one write per field
only wrfrow && { fresh $T/r; COMPUTE=8 mpi wrfrow L 4 ./app184 row $T/r $R/in 3 20 256 8 10 4;
	fresh $T/r; COMPUTE=8 mpi wrfrow-field W 4 ./app184 split $T/r $R/in 3 20 256 8 10 4; }
# problem (async mount): as wrfcoll but 60 short steps an hour (COMPUTE=1; batch 2), and every rank fflush+fsync's rsl.out after each line; twin: no fsync
only rslsync && { fresh $TA/y; COMPUTE=1 mpi rslsync L 4 -x RSLSYNC=1 ./app184 coll $TA/y $R/in 6 60 128 32 20 8;
	fresh $TA/y; COMPUTE=1 mpi rslsync-nosync W 4 ./app184 coll $TA/y $R/in 6 60 128 32 20 8; }
# fine (sync mount; batch 3): io_form=2: each field MPI_Gather'ed to rank 0, which writes one history file an hour
# (one 1.25 MiB pwrite a field) and the restart; rank 0 reads the bdy slab and scatters it (same sizes as wrfcoll)
only wrfgather && { fresh $T/g; COMPUTE=4 mpi wrfgather L 4 ./app184 gather $T/g $R/in 6 20 128 32 20 8; }
ls -l logs reruns | tail -3
