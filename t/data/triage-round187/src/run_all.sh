#!/bin/bash
# Round 187's runs (labels187): cosmology N-body and halo-finder codes. Real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is), round 169's darshan-big.conf. Adapted from round 169's run_all.sh.
# PASS=lab: labelled logs (logs/r187-NAME) and each twin (reruns/r187-labels187-tw-TWIN); PASS=ab1|ab2: reruns
# (reruns/r187-labels187-PASS-NAME, -PASS-tw-TWIN). Run as root after `throttle.sh up`: this script puts itself in the
# blkio cgroup labels187 (only the loop device /dev/loop187 is limited). Inputs are made (outside Darshan) by prep below.
R=/tmp/labels187/run; S=/tmp/labels187/src; T=/tmp/labels187/mnt187
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels187/cgroup.procs
cd $R; mkdir -p logs reruns data j
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r187-$1.darshan;; lab:W) echo $R/reruns/r187-labels187-tw-$1.darshan;;
	*:W) echo $R/reruns/r187-labels187-$PASS-tw-$1.darshan;; *) echo $R/reruns/r187-labels187-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
ftr() { echo "   rc=$1 wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} \
		${COMPUTE:+-x COMPUTE=$COMPUTE} "$@"; ftr $?; }
ser() { name=$1 kind=$2; shift 2; hdr "$name serial: $*"; t0=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$S/darshan-big.conf DARSHAN_LOGFILE=$(logname $name $kind) \
		${DXT:+DXT_ENABLE_IO_TRACE=1} "$@" | tail -1; ftr $?; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
# prep (not logged, local disk): a 16 MiB snapshot of 524288 particles (Gadget-like: 256-B header, POS, VEL, ID),
# 20 halo catalogues of 8192 64-B records (512 KiB each), a FoF parameter file
[ -f data/snap_010 ] || ./app187 gen data/snap_010 524288
[ -f data/cat_019.bin ] || ./app187 gencat data 20 8192
[ -f data/fof.param ] || printf 'InitCondFile snap_010\nLinkingLength 0.2\nMinGroupLen 20\nBoxSize 500.0\nOmega0 0.3089\nOmegaLambda 0.6911\nHubbleParam 0.6774\n' > data/fof.param
sync
# fine (throttled sync mount): N-body, 4 ranks x 65536 particles, 200 steps, 4 snapshot dumps to one shared file each
# (rank 0 a 256-B header with MPI_File_write_at, all ranks POS/VEL/ID with MPI_File_write_at_all, 8 MiB a snapshot);
# rank 0 appends one timings line a step (fprintf)
only nbody && { fresh $T/nb; COMPUTE=400 DXT=1 mpi nbody L 4 ./app187 nbody $T/nb 200 4 65536; }
# fine (local disk): FoF halo finder, every rank reads the 7-line parameter file and its quarter of the 16 MiB
# snapshot (MPI_File_read_at_all; dropped from the page cache first), rank 0 gathers and writes the catalogue (one
# fwrite) and a 1000-line ASCII summary
only fof && { fresh j/fof; ./app187 drop data/snap_010; COMPUTE=2000 DXT=1 mpi fof L 4 ./app187 fof data/fof.param data/snap_010 j/fof cat; }
# fine (local disk, serial): merger-tree builder over 20 catalogues, each pair read record by record (fread 64 B),
# every inner catalogue read twice; twin tw-tree-bulk: one fread a catalogue (to measure the STDIO stake)
only tree && { rm -f j/tree.bin; COMPUTE=25 DXT=1 ser tree L ./app187 tree data 20 j/tree.bin;
	rm -f j/tree.bin; COMPUTE=25 DXT=1 TREEBULK=1 ser tree-bulk W ./app187 tree data 20 j/tree.bin; }
# problem (input local, output on the throttled sync mount): the FoF finder writing one file per halo of its
# particle ids (~270 halos a rank, 1-2 KB each); twin tw-halofiles-perrank: one ids file a rank with an offset table
only halofiles && { fresh $T/h; ./app187 drop data/snap_010; COMPUTE=200 DXT=1 mpi halofiles L 4 ./app187 fof data/fof.param data/snap_010 $T/h halo;
	fresh $T/h; ./app187 drop data/snap_010; COMPUTE=200 DXT=1 mpi halofiles-perrank W 4 ./app187 fof data/fof.param data/snap_010 $T/h rank; }
# problem (throttled loop device, REMOUNTED WITHOUT -o sync for this pair, so an fsync is what reaches the device):
# N-body steps appending light-cone particles (2-6 KB a step) to a per-rank file, fsync after every append
# (300 steps); twin tw-lightcone-plain: the same appends, one fsync at the end. The mount goes back to -o sync after.
only lightcone && { mount -o remount,async $T; fresh $T/lc; COMPUTE=600 DXT=1 mpi lightcone L 4 ./app187 lightcone $T/lc 300 256 fsync;
	fresh $T/lc; COMPUTE=600 DXT=1 mpi lightcone-plain W 4 ./app187 lightcone $T/lc 300 256 plain; mount -o remount,sync $T; }
ls -l logs reruns | tail -3
