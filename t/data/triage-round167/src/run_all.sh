#!/bin/bash
# Round 167's runs (labels167): molecular dynamics trajectory analysis. Real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf (copied from rounds 158/146). Adapted from round
# 158's run_all.sh. PASS=lab: labelled logs (logs/r167-NAME) and each problem's twin (reruns/r167-labels167-tw-TWIN);
# PASS=ab1|ab2: reruns (reruns/r167-labels167-PASS-NAME). Run as root after `throttle.sh up`: this script puts itself in
# the blkio cgroup labels167 (only the loop device is limited). Trajectories are made (outside Darshan) by prep below.
R=/tmp/labels167/run; S=/tmp/labels167/src; T=/tmp/labels167/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels167/cgroup.procs
cd $R; mkdir -p logs reruns data
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r167-$1.darshan;; lab:W) echo $R/reruns/r167-labels167-tw-$1.darshan;;
	*:W) echo $R/reruns/r167-labels167-$PASS-tw-$1.darshan;; *) echo $R/reruns/r167-labels167-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} \
		${COMPUTE:+-x COMPUTE=$COMPUTE} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
# prep (not logged): a 61 MB trajectory (20000 atoms x 256 frames, float32 xyz, 64-B header) on local disk and a copy
# on the throttled mount; a 38 MB one (4000 atoms x 800 frames) and a 96 MB one (2000 atoms x 4000 frames) on local disk
[ -f data/traj.bin ] || ./app167 gen data/traj.bin 20000 256
[ -f data/traj4k.bin ] || ./app167 gen data/traj4k.bin 4000 800
[ -f data/traj2k.bin ] || ./app167 gen data/traj2k.bin 2000 4000
[ -f $T/traj.bin ] || dd if=data/traj.bin of=$T/traj.bin bs=4M status=none
sync
# fine (local): 4 ranks each read the header and reference frame 0, then their 64-frame block in 16-frame preads
# (3.84 MB), RMSD vs frame 0 and Rg per frame; rank 0 gathers and writes rmsd.csv (257 fprintf lines)
only rmsd && { fresh j/rmsd; COMPUTE=1 DXT=1 mpi rmsd L 4 ./app167 rmsd data/traj.bin j/rmsd; }
# fine (throttled sync mount, input dropped from the page cache first): 4 ranks, uneven frame blocks (20/24/26/30 %),
# MPI_File_read_at of one 240000-B frame at a time, per-residue contact counts (200 int32 a frame) written with one
# MPI_File_write_at_all a rank
only contacts && { fresh $T/c; ./app167 drop $T/traj.bin; COMPUTE=1 DXT=1 mpi contacts L 4 ./app167 contacts $T/traj.bin $T/c/contacts.i32; }
# problem (local): 4 ranks, Rg of every 2nd atom over 160 frames, each selected atom read with its own 12-B pread
# (400000 a rank); twin: one 240000-B pread a frame, selection in memory
only atomsel && { fresh j/sel; mpi atomsel L 4 ./app167 atomsel data/traj.bin j/sel/rg.f64 160 atom;
	fresh j/sel; mpi atomsel-frame W 4 ./app167 atomsel data/traj.bin j/sel/rg.f64 160 frame; }
# problem (output on the throttled sync mount): 4 ranks compute per-frame contact tables of the 800-frame trajectory
# (read from local disk in 16-frame preads) and write each frame's 800-B table to its own file (200 files a rank);
# twin: one file a rank, one write
only frfiles && { fresh $T/fr; COMPUTE=1 DXT=1 mpi frfiles L 4 ./app167 frfiles data/traj4k.bin $T/fr files;
	fresh $T/fr; COMPUTE=1 DXT=1 mpi frfiles-one W 4 ./app167 frfiles data/traj4k.bin $T/fr one; }
# fine (local; added after the first four were run): frame-frame RMSD matrix over every 10th atom, each of 4 ranks
# reads the whole trajectory once in 16-frame preads (it needs every frame for its 64 rows); rank 0 gathers the
# 256x256 matrix and writes it as text (256 lines, 512 KiB, fprintf)
only pairrmsd && { fresh j/pair; COMPUTE=1 DXT=1 mpi pairrmsd L 4 ./app167 pairrmsd data/traj.bin j/pair; }
# problem (local, 1 rank; added after the first four): serial per-frame pair count over 4000 frames (64-frame preads of
# 1.5 MB), one text line a frame appended with write(2) and fsync'ed after every frame; twin: fsync every 500 frames
only hbonds && { fresh j/hb; mpi hbonds L 1 ./app167 hbonds data/traj2k.bin j/hb/hbonds.txt fsync;
	fresh j/hb; mpi hbonds-batch W 1 ./app167 hbonds data/traj2k.bin j/hb/hbonds.txt batch; }
ls -l logs reruns | tail -3
