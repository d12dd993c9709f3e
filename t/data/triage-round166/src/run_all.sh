#!/bin/bash
# Round 166's runs (labels166): in-situ visualization, image and VTK-like dumps from a running simulation. Real Darshan
# 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf (copied from round 146). Adapted
# from round 158's run_all.sh. PASS=lab: labelled logs (logs/r166-NAME) and each problem's twin
# (reruns/r166-labels166-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r166-labels166-PASS-NAME). Run as root after
# `throttle.sh up`: this script puts itself in the blkio cgroup labels166 (only the loop device is limited).
# Inputs (a 1 MiB mesh/config file, a 768-B colormap) are made outside Darshan by prep below.
R=/tmp/labels166/run; S=/tmp/labels166/src; T=/tmp/labels166/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels166/cgroup.procs
cd $R; mkdir -p logs reruns data
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r166-$1.darshan;; lab:W) echo $R/reruns/r166-labels166-tw-$1.darshan;;
	*:W) echo $R/reruns/r166-labels166-$PASS-tw-$1.darshan;; *) echo $R/reruns/r166-labels166-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
# prep (not logged): the shared 1 MiB mesh/config input (local) and a 768-B colormap on the throttled mount
[ -f data/mesh.cfg ] || ./app166 gen data/mesh.cfg 1048576
[ -f $T/cmap.rgb ] || ./app166 gen $T/cmap.rgb 768
sync
# fine (local): 4 ranks, 480 Jacobi sweeps of a 128x128x32 block each, every 60 a VTK-XML ImageData piece a rank (ASCII
# header in ~10 small write(2)s, two appended 2 MiB float32 fields, one write each), rank 0 writes the .pvti index
# and rewrites the .pvd collection (fprintf) each dump; every rank reads the shared 1 MiB mesh/config once
only vtkdump && { fresh j/vtk; DXT=1 mpi vtkdump L 4 ./app166 vtk j/vtk data/mesh.cfg 480 60 128 128 32; }
# fine (throttled sync mount): 4 ranks render 192 rows each of a 1024x768 frame (max-intensity projection of their
# slab), gathered to rank 0, which re-reads the 768-B colormap, writes frameNNN.ppm (15-B header + 2.25 MiB pixels)
# and a frame-time CSV line; 8 frames
only image && { fresh $T/img; DXT=1 mpi image L 4 ./app166 image $T/img $T/cmap.rgb 8 1024 768; }
# fine (local): 3 ranks with uneven z blocks (2/9, 3/9, 4/9 of 384), 300 steps, rank 0 appends 3 probes to a CSV every
# step (fprintf + fflush), every 10 steps each rank writes its part of the y=16 plane with MPI_File_write_at_all
only slice && { fresh j/sl; DXT=1 mpi slice L 3 ./app166 slice j/sl 300 10 256 32 384; }
# problem (throttled sync mount): AMR-like dump, one VTK file per block per field: 4 dumps x 4 ranks x 32 blocks x
# 2 fields = 1024 files of 16 KiB + a ~130-B header; twin: the rank's blocks appended in memory, one file and one
# write(2) a rank a dump
only storm && { fresh $T/st; DXT=1 mpi storm L 4 ./app166 storm $T/st 4 32 16384 file;
	fresh $T/st; DXT=1 mpi storm-perrank W 4 ./app166 storm $T/st 4 32 16384 rank; }
# problem (local): legacy-VTK ASCII piece a rank a dump (2 dumps of 128x128x16 values), one value a line, every line
# flushed with its own write(2) (std::endl); twin: the same text through a 1 MiB buffer
only ascii && { fresh j/asc; mpi ascii L 4 ./app166 ascii j/asc 2 128 128 16 line;
	fresh j/asc; mpi ascii-buf W 4 ./app166 ascii j/asc 2 128 128 16 buf; }
ls -l logs reruns | tail -3
