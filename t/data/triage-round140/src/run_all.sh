#!/bin/bash
# Round 140's runs (labels140): computational mechanics / structural analysis (finite-element jobs). Real Darshan 3.5.0
# runtime /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf (via round 83). PASS=lab: labelled logs
# (logs/r140-NAME) and each problem's twin (reruns/r140-labels140-tw-TWIN); PASS=ab1|ab2: reruns
# (reruns/r140-labels140-PASS-NAME). Run as root after `throttle.sh up`: this script puts itself in the blkio cgroup
# labels140 (only the loop device is limited).
R=/tmp/labels140/run; S=/tmp/labels140/src; T=/tmp/labels140/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels140/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r140-$1.darshan;; lab:W) echo $R/reruns/r140-labels140-tw-$1.darshan;;
	*:W) echo $R/reruns/r140-labels140-$PASS-tw-$1.darshan;; *) echo $R/reruns/r140-labels140-$PASS-$1.darshan;; esac; }
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
mesh() { rm -rf $1; mkdir -p $1; head -c $((32 << 20)) /dev/urandom > $1/mesh.bin; }
sync
# fine (local): 4 ranks read a 32 MiB mesh (8 MiB a rank, collective), 20 load steps each writing 4x1 MiB element
# results collectively to one file; rank 0 appends a line a step to the results database (fopen "a"/fclose a step)
only fem && { mesh j/fem; DXT=1 mpi fem L 4 ./app140 fem 20 32 j/fem; }
# fine (local): serial numpy post-processing of fem's 80 MiB of results (1 MiB os.pread calls, 4 a step) + database
only post && { [ -f j/fem/results.db ] || { mesh j/fem; mpirun --allow-run-as-root --oversubscribe -np 4 ./app140 fem 20 32 j/fem; }
	rm -rf j/postin; cp -r j/fem j/postin; one post L /usr/bin/python3 $S/post140.py j/postin 20 4; }
# fine (throttled sync mount): 4 ranks' out-of-core direct solver, 8 MiB factor a rank written once in 1 MiB requests,
# dropped from the page cache, read back once in the solve
only solve && { rm -rf $T/j/so; mkdir -p $T/j/so; DXT=1 mpi solve L 4 ./app140 solve 8 1024 $T/j/so; }
# problem (throttled sync mount): the same solver writing and reading its 8 MiB factor in 4 KiB requests;
# twin: 1 MiB requests (the solve job above, run again right after)
only ooc4k && { rm -rf $T/j/o4; mkdir -p $T/j/o4; mpi ooc4k L 4 ./app140 solve 8 4 $T/j/o4
	rm -rf $T/j/o4; mkdir -p $T/j/o4; mpi ooc4k-1m W 4 ./app140 solve 8 1024 $T/j/o4; }
# problem (throttled sync mount): 4 ranks write each load step's 400 KiB of results as 25 files of 16 KiB
# (20 steps: 2000 files); twin: one 400 KiB file a rank a step
only storm && { rm -rf $T/j/st; mkdir -p $T/j/st; mpi storm L 4 ./app140 storm 20 25 $T/j/st
	rm -rf $T/j/st; mkdir -p $T/j/st; mpi storm-1file W 4 ./app140 storm 20 1 $T/j/st; }
ls -l logs reruns | tail -3
