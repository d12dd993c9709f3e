#!/bin/bash
# Round 126's runs (labels126): a campus research cluster's ordinary day, 5 kinds drawn by lot (draw.py, seed 126).
# Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf. PASS=lab: labelled
# logs (logs/r126-NAME) and each problem's twin (reruns/r126-labels126-tw-TWIN); PASS=ab1|ab2: reruns
# (reruns/r126-labels126-PASS-NAME). Run as root after `throttle.sh up`: this script puts itself in the blkio cgroup
# labels126 (only the loop device is limited). Inputs (not under Darshan): mkinput.py writes dem.f32 and corpus.txt.
R=/tmp/labels126/run; S=/tmp/labels126/src; T=/tmp/labels126/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels126/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r126-$1.darshan;; lab:W) echo $R/reruns/r126-labels126-tw-$1.darshan;;
	*:W) echo $R/reruns/r126-labels126-$PASS-tw-$1.darshan;; *) echo $R/reruns/r126-labels126-$PASS-$1.darshan;; esac; }
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
[ -f dem.f32 ] || /usr/bin/python3 $S/mkinput.py dem dem.f32 1536
[ -f corpus.txt ] || /usr/bin/python3 $S/mkinput.py corpus corpus.txt 32
sync
# fine (local): linguistics concordance, one pass over the 32 MiB corpus in 1 MiB reads, ~10 MB of KWIC lines written
only concord && { rm -f kwic.txt; DXT=1 one concord L /usr/bin/python3 $S/concord126.py corpus.txt mother,winter kwic.txt; }
# fine (local): statistics Monte Carlo study, 300 replicates, one 648-B .npy result file each, all read back at the end
only mcstudy && { rm -rf mc; DXT=1 one mcstudy L /usr/bin/python3 $S/mc126.py study mc 300; }
# fine (local): 4-rank 2D heat equation, 600 steps, rank 0 stdio residual line every 10 steps, 8 MiB collective
# checkpoint every 150 steps (the same file rewritten 4 times)
only heat && { rm -rf j/heat; mkdir -p j/heat; DXT=1 mpi heat L 4 ./app126 heat 600 150 j/heat; }
# problem (local): DEM slope, column by column with a 4-B pread a pixel (2.36 M reads); twin: 64-row block reads
only dem && { one dem L ./dem126 1536 col dem.f32 slope.f32; one dem-rows W ./dem126 1536 rows dem.f32 slope.f32; }
# problem (throttled sync mount): 4-rank lattice flow, 3 VTK-like frames of 2 MiB, each rank writing its slab row by
# row (128 independent 4 KiB MPI_File_write_at a frame); twin: one collective write of the slab a rank
only lbm && { rm -rf $T/lb; mkdir -p $T/lb; DXT=1 mpi lbm L 4 ./app126 lbm 3 rows $T/lb
	rm -rf $T/lb; mkdir -p $T/lb; DXT=1 mpi lbm-slab W 4 ./app126 lbm 3 slab $T/lb; }
# problem (local): the Monte Carlo study re-reading every result file so far after each of 200 replicates
# (20100 loads of 200 files); twin: the same study reading them once at the end
only mcrecheck && { rm -rf mcr; one mcrecheck L /usr/bin/python3 $S/mc126.py recheck mcr 200
	rm -rf mcr; one mcrecheck-once W /usr/bin/python3 $S/mc126.py study mcr 200; }
ls -l logs reruns | tail -3
