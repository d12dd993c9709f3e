#!/bin/bash
# Round 149's runs (labels149): a tier-0 supercomputing centre's ordinary day, five job kinds drawn by lot from a list
# of 20 (kinds20.txt, draw.txt). Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is), round 26's
# darshan-big.conf (copied from round 146). PASS=lab: labelled logs (logs/r149-NAME) and each problem's twin
# (reruns/r149-labels149-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r149-labels149-PASS-NAME). Run as root after
# `throttle.sh up`: this script puts itself in the blkio cgroup labels149 (only the loop device is limited).
R=/tmp/labels149/run; S=/tmp/labels149/src; T=/tmp/labels149/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels149/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r149-$1.darshan;; lab:W) echo $R/reruns/r149-labels149-tw-$1.darshan;;
	*:W) echo $R/reruns/r149-labels149-$PASS-tw-$1.darshan;; *) echo $R/reruns/r149-labels149-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} \
		${COMPUTE:+-x COMPUTE=$COMPUTE} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
cold() { /usr/bin/python3 -c "import os,sys; fd=os.open(sys.argv[1],os.O_RDONLY); os.posix_fadvise(fd,0,0,os.POSIX_FADV_DONTNEED)" $1; }
sync
# fine (local): CFD solver, 4 ranks, 2.5 s of compute between 6 checkpoints of 4 MiB a rank written with MPI_File_write_at_all to one file each
only cfd && { fresh j/cfd; COMPUTE=2500 DXT=1 mpi cfd L 4 ./app149 cfd j/cfd 6 4; }
# fine (local): restart, 4 ranks each read the whole 16 MiB restart file (the same file) in 8 MiB preads, then compute
only restart && { [ -f j/restart.dat ] || head -c 16777216 /dev/urandom > j/restart.dat; COMPUTE=600 DXT=1 mpi restart L 4 ./app149 restart j/restart.dat; }
# fine (local): HDF5-like checkpoint, 4 ranks: rank 0 writes a 512-B superblock and six 328-B object headers, every
# rank its 4 MiB at 1 MiB-aligned offsets (independent MPI-IO), 6 checkpoints
only h5 && { fresh j/h5; COMPUTE=600 DXT=1 mpi h5 L 4 ./app149 h5 j/h5 6 4; }
# problem (throttled sync mount): AI data loader, 2 ranks, 3000 random 4 KiB samples each, one pread per sample from a
# cold 64 MiB shard; twin: read the whole shard in 4 MiB reads and pick the samples in memory
only loader && { [ -f $T/shard.bin ] || head -c 67108864 /dev/urandom > $T/shard.bin; cold $T/shard.bin; COMPUTE=500 DXT=1 mpi loader L 2 ./app149 loader $T/shard.bin 3000 rand;
	cold $T/shard.bin; COMPUTE=500 DXT=1 mpi loader-shard W 2 ./app149 loader $T/shard.bin 3000 shard; }
# problem (throttled sync mount): quantum chemistry, 2 ranks write 1500 600-B integral records each, one write(2) per
# record, into a scratch file a rank, then 3 SCF passes re-read it in 1 MiB reads; twin: records buffered to 1 MiB
only qc && { fresh $T/qc; COMPUTE=800 DXT=1 mpi qc L 2 ./app149 qc $T/qc 1500 rec; fresh $T/qc; COMPUTE=800 DXT=1 mpi qc-buf W 2 ./app149 qc $T/qc 1500 buf; }
ls -l logs reruns | tail -3
