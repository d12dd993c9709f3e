#!/bin/bash
# Round 163's runs (labels163): a national centre's ordinary day, five job kinds drawn by lot (stage-copy, build,
# md-traj, climate-out, restart-read). Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is), round 26's
# darshan-big.conf (copied from round 146). Adapted from round 158's run_all.sh. PASS=lab: labelled logs
# (logs/r163-NAME) and each problem's twin (reruns/r163-labels163-tw-TWIN); PASS=ab1|ab2: reruns
# (reruns/r163-labels163-PASS-NAME). Run as root after `throttle.sh up`: this script puts itself in the blkio cgroup
# labels163 (only the loop device is limited). Inputs are made (outside Darshan) by the prep below.
R=/tmp/labels163/run; S=/tmp/labels163/src; T=/tmp/labels163/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels163/cgroup.procs
cd $R; mkdir -p logs reruns data
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r163-$1.darshan;; lab:W) echo $R/reruns/r163-labels163-tw-$1.darshan;;
	*:W) echo $R/reruns/r163-labels163-$PASS-tw-$1.darshan;; *) echo $R/reruns/r163-labels163-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} \
		${COMPUTE:+-x COMPUTE=$COMPUTE} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
# prep (not logged): two 32 MiB staging inputs and a 2.4 MB initial structure (200000 atoms x 3 float32) on local
# disk, a source tree of 400 headers (1-8 KiB) and 40 units (8-32 KiB), a restart of 4 ranks x 1024 files of 8 KiB
# (and the same data packed in one file a rank) on the throttled mount
[ -f data/stage/part.1 ] || { mkdir -p data/stage; for i in 0 1; do head -c $((32<<20)) /dev/urandom > data/stage/part.$i; done; }
[ -f data/init.xyz ] || head -c 2400000 /dev/urandom > data/init.xyz
[ -d data/src ] || ./app163 gen-build data/src 40
[ -d $T/rst ] || { ./app163 gen-restart $T/rst 4 1024; sync; }
# fine (throttled sync mount): 2 ranks each copy their 32 MiB input from local disk to the mount in 4 MiB
# read/write, rank 0 writes a 2-line MANIFEST with fprintf
only stage && { fresh $T/stage; DXT=1 mpi stage L 2 ./app163 stage data/stage $T/stage 32; }
# fine (local): a 1-process build of 40 units, each reading its source and 30 headers (10 common to all), CPU work,
# one .o each; then a link reading the 40 .o and writing a.out; a build.log with fprintf
only build && { fresh j/build; mpi build L 1 ./app163 build data/src j/build 40; }
# fine (local): 4 ranks with uneven atom blocks (30/25/25/20 % of 200000), every rank reads the whole 2.4 MB initial
# structure, 200 MD steps, rank 0 gathers and fwrites a 2.4 MB frame every 20 steps and an energy line a step
only mdtraj && { fresh j/md; DXT=1 mpi mdtraj L 4 ./app163 mdtraj data/init.xyz j/md 200000 200; }
# problem (throttled sync mount): 4 ranks, 2x2 decomposition of 256x256 float32, 8 variables, each subdomain row
# written with its own independent 512-B MPI_File_write_at; twin: subarray view + MPI_File_write_at_all
only climate && { fresh $T/clim; COMPUTE=20 mpi climate L 4 ./app163 climate $T/clim 8 256 rows;
	fresh $T/clim; COMPUTE=20 mpi climate-coll W 4 ./app163 climate $T/clim 8 256 coll; }
# problem (throttled mount, cache dropped by a remount): 4 ranks each read 1024 restart files of 8 KiB (one read
# each); twin: the same bytes packed in one 8 MiB file a rank, read in 1 MiB reads
only restart && { $S/throttle.sh remount; COMPUTE=100 mpi restart L 4 ./app163 restart $T/rst 1024 files;
	$S/throttle.sh remount; COMPUTE=100 mpi restart-packed W 4 ./app163 restart $T/rst 1024 packed; }
ls -l logs reruns | tail -3
