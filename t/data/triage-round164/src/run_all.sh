#!/bin/bash
# Round 164's runs (labels164): lattice QCD - gauge configurations, propagators and correlator files. Real Darshan
# 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf (copied from rounds 146/158).
# Adapted from round 158's run_all.sh. PASS=lab: labelled logs (logs/r164-NAME) and each problem's twin
# (reruns/r164-labels164-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r164-labels164-PASS-NAME). Run as root after
# `throttle.sh up`: this script puts itself in the blkio cgroup labels164 (only the loop device is limited).
# The gauge configuration is made (outside Darshan) by prep below.
R=/tmp/labels164/run; S=/tmp/labels164/src; T=/tmp/labels164/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels164/cgroup.procs
cd $R; mkdir -p logs reruns data
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r164-$1.darshan;; lab:W) echo $R/reruns/r164-labels164-tw-$1.darshan;;
	*:W) echo $R/reruns/r164-labels164-$PASS-tw-$1.darshan;; *) echo $R/reruns/r164-labels164-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} \
		${COMPUTE:+-x COMPUTE=$COMPUTE} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
# prep (not logged): ILDG-like gauge configuration 16^3 x 32 (512-B XML header + 131072 sites x 4 links x 18 doubles,
# big-endian, 75.5 MB) on local disk
[ -f data/g16x32.ildg ] || ./app164 gen data/g16x32.ildg 16 32
sync
# fine (local): 4 ranks load the config: rank 0 freads the 512-B header and broadcasts it, each rank reads its 8-slice
# time slab (18.9 MB) with one MPI_File_read_at_all, plaquette (COMPUTE=2 s a rank), rank 0 writes a 34-line text log
only gauge && { fresh j/g; COMPUTE=2 DXT=1 mpi gauge L 4 ./app164 gauge data/g16x32.ildg j/g 16 32 slab; }
# fine (throttled sync mount): 4 ranks with uneven time slabs (6/8/8/10 of 32) write a 12-source point propagator on an
# 8^3 x 32 lattice (37.7 MB) to one file, one MPI_File_write_at of its slab a source after each solve (COMPUTE=2 s)
only prop && { fresh $T/p; COMPUTE=2 DXT=1 mpi prop L 4 ./app164 prop $T/p 8 32; }
# problem (local): the same config load, but each rank reads every 48-B row of every SU(3) link matrix with its own pread (393216 a rank);
# twin: the slab load (one collective read a rank)
only sitewise && { fresh j/s; mpi sitewise L 4 ./app164 gauge data/g16x32.ildg j/s 16 32 site;
	fresh j/s; mpi sitewise-slab W 4 ./app164 gauge data/g16x32.ildg j/s 16 32 slab; }
# problem (throttled sync mount): correlators of 32 sources x 4 momenta x 6 channels (32 time slices, ~1 KB each), one
# file per (source, momentum, channel): 768 files; twin: one file a rank holding the same records, written with one write at the end
only corrfiles && { fresh $T/c; DXT=1 mpi corrfiles L 4 ./app164 corr $T/c 32 4 32 files;
	fresh $T/c; DXT=1 mpi corrfiles-one W 4 ./app164 corr $T/c 32 4 32 one; }
# fine (throttled sync mount): HMC, 4 ranks, 8^3 x 16 lattice, 12 trajectories (COMPUTE=3 s): rank 0 appends a line to
# hmc.log a trajectory (fopen "a"/fprintf/fclose), a checkpoint every 3 trajectories (4 files of 4.7 MB: 512-B header
# from rank 0, slabs with MPI_File_write_at_all, MPI_File_sync, close)
only hmc && { fresh $T/h; COMPUTE=3 DXT=1 mpi hmc L 4 ./app164 hmc $T/h 8 16 12 3; }
ls -l logs reruns | tail -3
