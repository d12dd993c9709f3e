#!/bin/bash
# Round 186's runs (labels186): a regional research cluster's ordinary day (kinds 1 8 9 10 11 drawn with seed 18602).
# Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is), round 169's darshan-big.conf. Adapted from round
# 169's run_all.sh. PASS=lab: labelled logs (logs/r186-NAME) and each twin (reruns/r186-labels186-tw-TWIN);
# PASS=ab1|ab2: reruns (reruns/r186-labels186-PASS-NAME). Run as root after `throttle.sh up`: this script puts itself
# in the blkio cgroup labels186 (only the loop device is limited). Inputs are made (outside Darshan) by prep below.
R=/tmp/labels186/run; S=/tmp/labels186/src; T=/tmp/labels186/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels186/cgroup.procs
cd $R; mkdir -p logs reruns data j
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r186-$1.darshan;; lab:W) echo $R/reruns/r186-labels186-tw-$1.darshan;;
	*:W) echo $R/reruns/r186-labels186-$PASS-tw-$1.darshan;; *) echo $R/reruns/r186-labels186-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
done_() { echo "   rc=$1 wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) -x DXT_ENABLE_IO_TRACE=1 \
		${COMPUTE:+-x COMPUTE=$COMPUTE} "$@"; done_ $?; }
ser() { name=$1 kind=$2; shift 2; hdr "$name serial: $*"; t0=$(date +%s.%N)
	LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$S/darshan-big.conf DARSHAN_LOGFILE=$(logname $name $kind) \
		DXT_ENABLE_IO_TRACE=1 "$@"; done_ $?; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
# prep (not logged): a 400k-node mesh (22.4 MB) on the throttled mount, a 48 MiB BAM-like file on local disk,
# a 2048x512 16-bit raster (2 MiB) on the throttled mount
[ -f $T/mesh.bin ] || ./app186 genmesh $T/mesh.bin 400000
[ -f data/sample.bam ] || ./serial186 gen data/sample.bam 48
[ -f $T/raster.raw ] || ./serial186 gen $T/raster.raw 2
sync
# kind 1 (throttled sync mount): WRF-like, 4 ranks, 512x512 grid, 36 steps, history every 6 steps: serial-netCDF
# style, rank 0 gathers 8 fields (MPI_Gather) and writes each with write(2); rsl.out.NNNN per rank (fprintf).
# twin: the same history written by all ranks with MPI_File_write_at_all
only wrf && { fresh $T/w; COMPUTE=4 mpi wrf L 4 ./app186 wrf $T/w 512 512 36 6 serial;
	[ $PASS = lab ] && { fresh $T/w; COMPUTE=4 mpi wrf-mpiio W 4 ./app186 wrf $T/w 512 512 36 6 mpiio; }; }
# kind 8 (throttled): FEM, 4 ranks: header by rank 0 (stdio) + bcast, mesh partitions by MPI_File_read_at_all, 40
# solver iterations, displacement + stress by MPI_File_write_at_all, rank 0's solver.log
only fem && { fresh $T/f; COMPUTE=8 mpi fem L 4 ./app186 fem $T/mesh.bin $T/f; }
# kind 9 (local disk): serial variant caller: 24 regions of a 48 MiB file, fseek + fread 64 KiB, VCF by fprintf
only vcall && { fresh j/v; COMPUTE=60 ser vcall L ./serial186 vcall data/sample.bam j/v/calls.vcf 24; }
# kind 10 (throttled): Gadget-like N-body, 4 ranks, 400k particles, 30 steps, snapshot every 10: one file per rank
# per snapshot (fwrite of Fortran-record blocks)
only nbody && { fresh $T/n; COMPUTE=6 mpi nbody L 4 ./app186 nbody $T/n 400000 30 10; }
# kind 11 (throttled): serial microscopy tiling: 256x256 tiles of a 2048x512 16-bit raster, each tile read and
# written row segment by row segment (512-B pread/pwrite); twin: a strip of 256 rows read and written at once
only tile && { fresh $T/t; COMPUTE=2 ser tile L ./serial186 tile $T/raster.raw $T/t/mosaic.raw 2048 512 row;
	[ $PASS = lab ] && { fresh $T/t; COMPUTE=2 ser tile-strip W ./serial186 tile $T/raster.raw $T/t/mosaic.raw 2048 512 strip; }; }
ls -l logs reruns | tail -3
