#!/bin/bash
# Round 135's runs (labels135): subsurface flow / reservoir simulation. Real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf. PASS=lab: labelled logs (logs/r135-NAME) and
# each problem's twin (reruns/r135-labels135-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r135-labels135-PASS-NAME).
# Run as root after `throttle.sh up`: this script puts itself in the blkio cgroup labels135 (only the loop device is limited).
R=/tmp/labels135/run; S=/tmp/labels135/src; T=/tmp/labels135/mnt; A=/tmp/labels135/app135
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels135/cgroup.procs
mkdir -p $R; cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r135-$1.darshan;; lab:W) echo $R/reruns/r135-labels135-tw-$1.darshan;;
	*:W) echo $R/reruns/r135-labels135-$PASS-tw-$1.darshan;; *) echo $R/reruns/r135-labels135-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
# a case directory: the grid deck (GRID.txt) and an 8 MiB binary property deck (PROPS.bin, 1 Mi float64 permeabilities)
case_dir() { rm -rf $1; mkdir -p $1; printf 'DIMENS 256 256 32\nTOPS 2000.0\nEQUALS PORO 0.2 /\n' > $1/GRID.txt
	/usr/bin/python3 -c 'import sys,numpy as np
np.random.default_rng(135).lognormal(4.0,1.0,1<<20).tofile(sys.argv[1])' $1/PROPS.bin; }
sync
# fine (local): 4 ranks, rank 0 reads the decks and broadcasts, 200 steps, a stdio well line a step,
# 5 collective 2 MiB field outputs, a collective restart at the end
only bcast && { case_dir c/bc; DXT=1 mpi bcast L 4 $A bcast c/bc 200 65536 40; }
# fine (local): 4 ranks restart from bcast's RESTART.bin (collective read of 512 KiB a rank), then as bcast
only restart && { [ -f c/bc/RESTART.bin ] || { case_dir c/bc; mpirun --allow-run-as-root --oversubscribe -np 4 $A bcast c/bc 1 65536 40; }
	DXT=1 mpi restart L 4 $A restart c/bc 200 65536 40; }
# fine (local): an 8-member history-matching ensemble, a member a rank: each reads the 8 MiB deck, 120 steps,
# its own stdio summary and a 512 KiB pressure file every 20 steps (56 files, POSIX only)
only ensemble && { case_dir c/en; for m in 0 1 2 3 4 5 6 7; do mkdir -p c/en/member-0$m; done
	DXT=1 mpi ensemble L 8 $A ensemble c/en 120 65536 20; }
# problem (throttled sync mount): fields in block-cyclic 4 KiB blocks by independent MPI_File_write_at (512 a rank an
# output, 5 outputs); twin: the same layout through a file view and one collective write_all an output
only fieldsmall && { case_dir $T/c/fs; DXT=1 mpi fieldsmall L 4 $A fieldsmall $T/c/fs 200 65536 40
	case_dir $T/c/fs; DXT=1 mpi fieldsmall-view W 4 $A fieldcoll $T/c/fs 200 65536 40; }
# problem (throttled sync mount): rank 0 re-reads the whole 8 MiB deck with O_DIRECT every 2nd step (100 re-reads);
# twin: read once at the start (bcast)
only reread && { case_dir $T/c/rr; DXT=1 mpi reread L 4 $A reread $T/c/rr 200 65536 40
	case_dir $T/c/rr; DXT=1 mpi reread-once W 4 $A bcast $T/c/rr 200 65536 40; }
ls -l logs reruns | tail -3
