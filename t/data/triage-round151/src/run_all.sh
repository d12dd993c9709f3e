#!/bin/bash
# Round 151's runs (labels151): combustion DNS and reacting-flow solvers. Real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is), round 146's darshan-big.conf. PASS=lab: labelled logs (logs/r151-NAME)
# and each problem's twin (reruns/r151-labels151-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r151-labels151-PASS-NAME).
# Run as root after `throttle.sh up`: this script puts itself in the blkio cgroup labels151 (only the loop device is
# limited). Before the first pass (not under Darshan): mpicc -O2 -Wall -o app151 src/app151.c -lm;
# src/mkmech151.py mech.inp; ./app151 mktable j/fpv.tab 16 (all in /tmp/labels151/run).
R=/tmp/labels151/run; S=/tmp/labels151/src; T=/tmp/labels151/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels151/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r151-$1.darshan;; lab:W) echo $R/reruns/r151-labels151-tw-$1.darshan;;
	*:W) echo $R/reruns/r151-labels151-$PASS-tw-$1.darshan;; *) echo $R/reruns/r151-labels151-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} \
		${COMPUTE:+-x COMPUTE=$COMPUTE} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
one() { name=$1 kind=$2; shift 2; hdr "$name: $*"; t0=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$S/darshan-big.conf DARSHAN_LOGFILE=$(logname $name $kind) \
		${DXT:+DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
sync
# fine (local): 4 ranks, S3D-like checkpoints: 6 shared files, rank 0 writes a 128-B header, every rank
# MPI_File_write_at_all's its 4 MiB block (8 variables x 65536 doubles) right after it (offsets 128 + k*4 MiB), rank 0
# appends a line to ckpt.log
only dnsckpt && { fresh j/ck; COMPUTE=40 DXT=1 mpi dnsckpt L 4 ./app151 ckpt 6 65536 j/ck; }
# fine (local): serial numpy post-processing of dnsckpt's checkpoints: header read, then the temperature variable of
# each rank's block (512 KiB, one np.fromfile), a CSV line each, np.save of the mean field
only post && { [ -f j/ck/field-005.s3d ] || ./app151 ckpt 6 65536 j/ck; fresh j/post; DXT=1 one post L /usr/bin/python3 $S/post151.py $R/j/ck 6 4 65536 $R/j/post; }
# fine (local): 4 ranks, 1-D premixed flame: every rank fgets the whole 106-KiB mechanism, 600 steps, rank 0 gathers
# probes and fprintf's one 80-B line a step
only flame && { fresh j/fl; DXT=1 mpi flame L 4 ./app151 flame $R/mech.inp 600 j/fl; }
# problem (local): 4 ranks look up a 16-MiB tabulated-chemistry (FPV) table with one 48-B pread a look-up at a random
# record, 600000 look-ups a rank; twin: one pread of the whole table a rank, look-ups in memory
only fpvlookup && { mpi fpvlookup L 4 ./app151 lookup $R/j/fpv.tab 600000 pread; mpi fpvlookup-whole W 4 ./app151 lookup $R/j/fpv.tab 600000 whole; }
# problem (throttled sync mount): 4 ranks write the 16 species mass fractions (2048 doubles, 16 KiB each) to one file
# per species per rank per step, 12 steps (768 files); twin: one file per rank per step holding all species
only speciesfiles && { fresh $T/sp; mpi speciesfiles L 4 ./app151 species 12 16 2048 $T/sp split; fresh $T/sp; mpi speciesfiles-packed W 4 ./app151 species 12 16 2048 $T/sp packed; }
ls -l logs reruns | tail -3
