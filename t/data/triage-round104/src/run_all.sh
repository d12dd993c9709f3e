#!/bin/bash
# Round 104's runs (labels104): quantum chemistry SCF with out-of-core integrals. Real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf. PASS=lab: labelled logs (logs/r104-NAME) and
# each problem's twin (reruns/r104-labels104-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r104-labels104-PASS-NAME).
# Run as root after `throttle.sh up`: this script puts itself in the blkio cgroup labels104 (only the loop device is
# limited). numpy is kept to one BLAS thread (OPENBLAS_NUM_THREADS=1): the VM has 2 cores shared with other jobs.
R=/tmp/labels104/run; S=/tmp/labels104/src; T=/tmp/labels104/mnt; A=/tmp/labels104/app104
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
export OPENBLAS_NUM_THREADS=1
echo $$ > /sys/fs/cgroup/blkio/labels104/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r104-$1.darshan;; lab:W) echo $R/reruns/r104-labels104-tw-$1.darshan;;
	*:W) echo $R/reruns/r104-labels104-$PASS-tw-$1.darshan;; *) echo $R/reruns/r104-labels104-$PASS-$1.darshan;; esac; }
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
fresh() { rm -rf $1; mkdir -p $1; }
# a checkpoint of N MiB of orbitals (random coefficients) for the post-analysis, its pages dropped from the cache
mkchk() { /usr/bin/python3 -c 'import sys,numpy as np; np.random.default_rng(7).standard_normal(int(sys.argv[2])<<17).tofile(sys.argv[1])' $1 $2; }
dropc() { /usr/bin/python3 -c 'import os,sys
fd=os.open(sys.argv[1],os.O_RDONLY); os.fsync(fd); os.posix_fadvise(fd,0,0,os.POSIX_FADV_DONTNEED); os.close(fd)' $1; }
[ -f basis.lib ] || $S/mkbasis.sh basis.lib 118
sync
# fine (local): 4 ranks, basis library read by every rank (stdio), 8 MiB integral file a rank written once and re-read
# every one of 20 iterations (page cache), rank 0 rewrites the 1 MiB orbital checkpoint (one write) every iteration
only scf && { fresh j/scf; DXT=1 mpi scf L 4 $A 20 8 j/scf j/scf/orbitals.chk basis.lib big 0 1500; }
# fine (local): 8 ranks, 2 MiB integrals a rank re-read every one of 12 iterations, orbitals (256 KiB a rank)
# checkpointed collectively through MPI-IO every iteration
only scf8 && { fresh j/scf8; DXT=1 mpi scf8 L 8 $A 12 2 j/scf8 j/scf8/orbitals.chk basis.lib coll 0 600; }
# fine (local): serial numpy post-analysis reading a 32 MiB checkpoint once (np.fromfile)
only post && { fresh j/post; mkchk j/post/orbitals.chk 32; one post L /usr/bin/python3 $S/post104.py whole j/post/orbitals.chk 800; }
# problem (throttled sync mount): 4 ranks' 6 MiB integral scratch files on the slow shared mount, re-read from the device
# every one of 12 iterations (DROP 1); twin: the same scratch files on the node-local disk
only intreread && { fresh $T/j/ir; DXT=1 mpi intreread L 4 $A 12 6 $T/j/ir $T/j/ir/orbitals.chk basis.lib big 1 1500
	fresh $T/j/ir; fresh j/irl; DXT=1 mpi intreread-local W 4 $A 12 6 j/irl $T/j/ir/orbitals.chk basis.lib big 1 1500; }
# problem (throttled sync mount): rank 0 rewrites the 1 MiB checkpoint one 2 KiB orbital column per write(2), 4 iterations;
# twin: one write an iteration
only chkcol && { fresh $T/j/cc; fresh j/cc; mpi chkcol L 4 $A 4 1 j/cc $T/j/cc/orbitals.chk basis.lib col 0 1500
	fresh $T/j/cc; mpi chkcol-big W 4 $A 4 1 j/cc $T/j/cc/orbitals.chk basis.lib big 0 1500; }
# problem (throttled sync mount): the post-analysis reads a 16 MiB checkpoint orbital by orbital in energy order
# (4 KiB seek+read each, unbuffered); twin: np.fromfile of the whole file
only post4k && { [ -f $T/post/orbitals.chk ] || { mkdir -p $T/post; mkchk $T/post/orbitals.chk 16; }
	dropc $T/post/orbitals.chk; one post4k L /usr/bin/python3 $S/post104.py orb $T/post/orbitals.chk 800
	dropc $T/post/orbitals.chk; one post4k-whole W /usr/bin/python3 $S/post104.py whole $T/post/orbitals.chk 800; }
ls -l logs reruns | tail -3
