#!/bin/bash
# Round 160's runs (labels160): medical imaging reconstruction (CT projections in, MRI slices and volumes out). Real
# Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf (copied from round 158).
# Adapted from round 158's run_all.sh. PASS=lab: labelled logs (logs/r160-NAME) and each problem's twin
# (reruns/r160-labels160-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r160-labels160-PASS-NAME). Run as root after
# `throttle.sh up`: this script puts itself in the blkio cgroup labels160 (only the loop device is limited). Inputs are
# made (outside Darshan) by prep below.
R=/tmp/labels160/run; S=/tmp/labels160/src; T=/tmp/labels160/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels160/cgroup.procs
cd $R; mkdir -p logs reruns data
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r160-$1.darshan;; lab:W) echo $R/reruns/r160-labels160-tw-$1.darshan;;
	*:W) echo $R/reruns/r160-labels160-$PASS-tw-$1.darshan;; *) echo $R/reruns/r160-labels160-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
# prep (not logged): CT projections (512-B header + 180 x 128 x 256 float32), dark and flat fields (128 x 256 float32),
# MRI k-space (96 x 128 x 128 complex64), multi-coil k-space (128 slices x 8 coils x 64 x 64 complex64), axial int16
# volume (128^3) on local disk; k-space and multi-coil k-space copied to the throttled mount
[ -f data/axial.raw ] || ./app160 gen data
[ -f $T/kspace.raw ] || cp data/kspace.raw $T/
[ -f $T/mc.raw ] || cp data/mc.raw $T/
sync
# fine (local): CT FBP, 4 ranks; rank 0 preads the 512-B projection header and broadcasts it; every rank preads the
# 128 KiB dark and flat fields whole; each rank's 32 detector rows of all 180 projections by a subarray view and
# MPI_File_read_all; 352-B NIfTI header (rank 0, MPI_File_write_at) + 2 MiB slabs by MPI_File_write_at_all;
# rank 0 writes a JSON sidecar and a 129-line slice CSV with fprintf
only fbp && { fresh j/fbp; DXT=1 mpi fbp L 4 ./app160 fbp data/proj.raw data/dark.raw data/flat.raw j/fbp; }
# fine (local): CT SIRT, 2 ranks, every 4th projection read by 45 preads of 64 KiB a rank, 8 iterations, the 8 MiB
# volume checkpointed every 2 iterations (rewritten in place, pwrite + fsync a rank), rank 0's convergence log
only sirt && { fresh j/sirt; DXT=1 mpi sirt L 2 ./app160 sirt data/proj.raw data/dark.raw data/flat.raw j/sirt; }
# fine (throttled sync mount, input dropped from the page cache first): MRI, 4 ranks, uneven slice split
# (19/23/24/30 of 96), one 128 KiB pread a slice, 2-D inverse FFT, one DICOM-like file a slice (1 KiB header write +
# 32 KiB pixel write): a 96-file series
only mri && { fresh $T/m; ./app160 drop $T/kspace.raw; DXT=1 mpi mri L 4 ./app160 mri $T/kspace.raw $T/m; }
# problem (throttled sync mount, input dropped first): multi-coil MRI, 4 ranks x 32 slices x 8 coils; each 64^2 coil
# image kept for sensitivity QA in its own 32 KiB file (1024 files); RSS volume by MPI_File_write_at_all;
# twin: the same 32 KiB coil images pwritten into one scratch file a rank (4 files)
only coil && { fresh $T/c; ./app160 drop $T/mc.raw; DXT=1 mpi coil L 4 ./app160 coil $T/mc.raw $T/c storm;
	fresh $T/c; ./app160 drop $T/mc.raw; DXT=1 mpi coil-onefile W 4 ./app160 coil $T/mc.raw $T/c onefile; }
# problem (local): axial -> sagittal reslice of a 128^3 int16 volume, 4 ranks (32 sagittal slices each), every rank
# preads the 4 MiB volume, writes its output voxels with one 2-B pwrite each into sagittal.nii (352-B header by rank
# 0); twin: each sagittal slice assembled in memory, one 32 KiB pwrite a slice
only reslice && { fresh j/rs; mpi reslice L 4 ./app160 reslice data/axial.raw j/rs voxel;
	fresh j/rs; DXT=1 mpi reslice-slab W 4 ./app160 reslice data/axial.raw j/rs slab; }
ls -l logs reruns | tail -3
