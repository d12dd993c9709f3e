#!/bin/bash
# Round 139's runs (labels139): a biomedical research institute's day (kinds drawn by lot, seed 139). Real Darshan
# 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf. PASS=lab: labelled logs
# (logs/r139-NAME) and each problem's twin (reruns/r139-labels139-tw-TWIN); PASS=ab1|ab2: reruns
# (reruns/r139-labels139-PASS-NAME). Run as root after `throttle.sh up`: this script puts itself in the blkio
# cgroup labels139 (only the loop device is limited).
R=/tmp/labels139/run; S=/tmp/labels139/src; T=/tmp/labels139/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels139/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r139-$1.darshan;; lab:W) echo $R/reruns/r139-labels139-tw-$1.darshan;;
	*:W) echo $R/reruns/r139-labels139-$PASS-tw-$1.darshan;; *) echo $R/reruns/r139-labels139-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
inp() { [ -f $1 ] || dd if=/dev/urandom of=$1 bs=1M count=$2 status=none; }
mkdir -p j $T/j
inp j/fixed.nii 64; inp j/moving.nii 64; inp j/ref.fa 64; inp j/listmode.lm 32; inp $T/j/kspace.dat 16
[ -f j/population.csv ] || python3 -c 'import random; random.seed(139)
print("id,age,sex,household,x,y"); [print("%d,%d,%s,%d,%.4f,%.4f"%(i,random.randint(0,99),"FM"[i%2],i//4,random.random(),random.random())) for i in range(5600)]' | head -c 199000 > j/population.csv
sync
# fine (local): 4-rank registration, fixed+moving volumes read collectively (16 MiB a rank each), 60 iterations, warped volume written collectively
only register && DXT=1 mpi register L 4 ./app139 register 60 16 j
# fine (local): serial index build, 64 MiB reference in 1 MiB reads, 32 MiB index in 64 KiB blocks in scattered bucket order
only seqindex && DXT=1 mpi seqindex L 1 ./app139 seqindex 100 32 j
# fine (local): 4-rank epidemic model, rank 0 reads a 199 KB population CSV (stdio) and broadcasts it, a stdio line a day, a checkpoint per rank every 10 days
only episim && { rm -f j/ckpt_*; DXT=1 mpi episim L 4 ./app139 episim 120 j; }
# problem (throttled sync mount): 4 ranks write their 2 MiB of the image in 4 KiB pwrites (2048 writes); twin: one pwrite a rank
only mri && { rm -f $T/j/image.raw; DXT=1 mpi mri L 4 ./app139 mri 2048 small $T/j; rm -f $T/j/image.raw; DXT=1 mpi mri-big W 4 ./app139 mri 2048 big $T/j; }
# problem (local): rank 0 writes the whole 262144-voxel PET image as text (fprintf) every one of 20 iterations; twin: binary once at the end
only pet && { rm -f j/pet_*; mpi pet L 4 ./app139 pet 20 262144 text j; rm -f j/pet_*; mpi pet-bin W 4 ./app139 pet 20 262144 bin j; }
ls -l logs reruns | tail -3
