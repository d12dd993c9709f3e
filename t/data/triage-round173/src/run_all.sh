#!/bin/bash
# Round 173's runs (labels173): particle-in-cell plasma simulation (VPIC/WarpX-like). Adapted from round 169's
# run_all.sh. Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is), round 169's darshan-big.conf.
# PASS=lab: labelled logs (logs/r173-NAME) and each problem's twin (reruns/r173-labels173-tw-TWIN); PASS=ab1|ab2:
# reruns (reruns/r173-labels173-PASS-NAME). Run as root after `throttle.sh up`: this script puts itself in the
# blkio cgroup labels173 (only the loop device is limited). Inputs are made (outside Darshan) by prep below.
R=/tmp/labels173/run; S=/tmp/labels173/src; T=/tmp/labels173/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels173/cgroup.procs
cd $R; mkdir -p logs reruns data j
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r173-$1.darshan;; lab:W) echo $R/reruns/r173-labels173-tw-$1.darshan;;
	*:W) echo $R/reruns/r173-labels173-$PASS-tw-$1.darshan;; *) echo $R/reruns/r173-labels173-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} \
		${COMPUTE:+-x COMPUTE=$COMPUTE} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
# prep (not logged): an 8 MiB particle dump (262144 particles of 32 B) and its text header, local disk
[ -f data/electron.bin ] || ./app173 gen data/electron.bin 262144 data/electron.hdr
sync
# fine (throttled sync mount): VPIC-like, 4 ranks, 2 species x 65536 particles a rank, 32768 cells a rank, 120 steps,
# dump every 60: per-rank per-species particle files (64-B header + one 2 MiB write), collective field dump
# (MPI_File_write_at_all, 3 MiB a dump), rank 0 fprintf's one energies line a step
only vpic && { fresh $T/v; COMPUTE=1 DXT=1 mpi vpic L 4 ./app173 vpic $T/v 120 60 65536 32768; }
# fine (throttled sync mount): WarpX-like, 8 ranks, uneven particles (0.6-1.4 x 24576 a species a rank, density
# gradient), one shared file per species per dump with MPI_File_write_at_all, collective field dump, final restart
# checkpoint (fields + particles, collective, one MPI_File_sync)
only warpx8 && { fresh $T/w; COMPUTE=1 DXT=1 mpi warpx8 L 8 ./app173 warpx $T/w 60 30 24576 16384; }
# fine (local disk): post-processing reader, 4 ranks: rank 0 reads the text header, every rank its quarter of the
# 8 MiB dump with one MPI_File_read_at_all, histogram reduced to rank 0, written with fprintf (256 lines)
only reader && { fresh j/r; COMPUTE=40 DXT=1 mpi reader L 4 ./app173 reader data/electron.bin data/electron.hdr j/r/hist.txt; }
# problem (throttled sync mount): shared particle dump written one 32-B MPI_File_write_at per particle (4 ranks x
# 1000 particles x 2 dumps); twin: one MPI_File_write_at_all of each rank's 32000 B
only smallpart && { fresh $T/sp; DXT=1 mpi smallpart L 4 ./app173 smallpart $T/sp 100 50 1000 particle;
	fresh $T/sp; DXT=1 mpi smallpart-slab W 4 ./app173 smallpart $T/sp 100 50 1000 slab; }
# problem (throttled sync mount): field dump gathered to rank 0 and written as ASCII with fprintf (4 ranks x 16384
# cells x 6 components, 2 dumps of 5.9 MB of text); twin: binary collective field dump (MPI_File_write_at_all)
only fieldascii && { fresh $T/f; DXT=1 mpi fieldascii L 4 ./app173 fieldascii $T/f 100 50 16384 ascii;
	fresh $T/f; DXT=1 mpi fieldascii-binary W 4 ./app173 fieldascii $T/f 100 50 16384 binary; }
# problem (throttled sync mount): tracked-particle output, one file per rank per species per step (4 ranks x 2 x 100
# = 800 files of 2 KiB); twin: one file per rank per species, appended each step
only tracer && { fresh $T/t; DXT=1 mpi tracer L 4 ./app173 tracer $T/t 100 64 file;
	fresh $T/t; DXT=1 mpi tracer-perrank W 4 ./app173 tracer $T/t 100 64 rank; }

# batch 2 (added after tracer's counters were read): a second twin of tracer, one file per rank per species appended
# every 10 steps from a memory buffer (20 writes of 20 KiB a rank a species), to measure the stake of its 2-KiB writes
only tracerbuf && { fresh $T/t; DXT=1 mpi tracer-buffered W 4 ./app173 tracer $T/t 100 64 buf; }
# batch 2 (added after warpx8's counters were read): a twin of warpx8 writing each dump's fields and both species to
# one shared file (3 collective opens instead of 7), to measure what its 0.2-0.3 s collective opens cost
only warpx8one && { fresh $T/w; COMPUTE=1 DXT=1 mpi warpx8-onefile W 8 -x ONEFILE=1 ./app173 warpx $T/w 60 30 24576 16384; }
ls -l logs reruns | tail -3
