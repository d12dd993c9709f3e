#!/bin/bash
# Round 69's runs: quantum-chemistry-style scratch I/O under the real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt
# (used as it is). Local scratch: /tmp/labels69/local (ext4 on the VM's virtio disk). Slow shared scratch:
# /tmp/labels69/slow (ext4 on a loop device throttled by the blkio cgroup labels69, see src/throttle.sh); this
# shell joins the cgroup and every rank inherits it (the limit only applies to that loop device). Before each
# slow-storage run the file system is unmounted and mounted again (cold cache).
# LOGS=dir PFX=name-prefix ONLY="names" src/run_all.sh
R=/tmp/labels69/run; A=$R/app69; F=$R/ccf69; PY=/usr/bin/python3; S=/tmp/labels69/slow; L=/tmp/labels69/local
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so; CONF=$R/src/darshan-big.conf
LOGS=${LOGS:-logs}; PFX=${PFX:-r69-}
echo $$ > /sys/fs/cgroup/blkio/labels69/cgroup.procs
cd $R; mkdir -p $LOGS $L
cold() { sync; umount $S && mount $(cat /tmp/labels69/loopdev) $S || exit 1; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 np=$2; shift 2; hdr "$name np $np: $*"
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$CONF -x DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan \
		${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"; echo "   rc=$?"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
# fine, local: conventional (out-of-core) SCF: 48 MiB of integrals a rank written once, re-read in 1 MiB
# preads in each of 16 iterations (from the page cache); its direct-SCF twin recomputes them every iteration
only scf-ooc     && mpi scf-ooc 4 $A scf 48 16 3 ooc $L 0
only scf-direct  && mpi scf-direct 4 $A scf 48 16 3 direct $L 0
# the in-core twin (added after the first reruns, before any label): integrals computed once, kept in memory
only scf-incore  && mpi scf-incore 4 $A scf 48 16 3 incore $L 0
# problem, slow: the same SCF with 24 MiB a rank on the slow shared scratch, the integrals larger than the cache
# (fsync, then DONTNEED before each iteration): every iteration re-reads them from the throttled device.
# Twins: the same on the local disk (scf-ooc-scr), and direct SCF of the same size (scf-direct-24)
only scf-ooc-slow && { cold; DXT=1 mpi scf-ooc-slow 4 $A scf 24 8 3 ooc $S 1; }
only scf-ooc-scr  && mpi scf-ooc-scr 4 $A scf 24 8 3 ooc $L 1
only scf-direct-24 && mpi scf-direct-24 4 $A scf 24 8 3 direct $L 0
only scf-incore-24 && mpi scf-incore-24 4 $A scf 24 8 3 incore $L 0
# fine, local: 8 ranks, 40 scratch files of 16 KiB a rank rewritten and re-read every iteration, 20 iterations;
# twin: the same pieces at offsets of one scratch file a rank
only scratch-many && { rm -f $L/scr.*; mpi scratch-many 8 $A many 40 20 16 12 $L files; }
only scratch-one  && { rm -f $L/scr.*; mpi scratch-one 8 $A many 40 20 16 12 $L one; }
# fine, local: Fortran CC-like step, 24 blocks of 4 MiB a rank (stream access), re-read 3 times
only cc-f90      && mpi cc-f90 4 $F 32 4 3 2 $L
# problem, slow: a 4 MiB T2 tensor a rank in 8 KiB tiles re-read 3 times in transposed order (no read-ahead)
# from the slow scratch; twin: the same data in 1 MiB blocks read in stored order
only cc-strided  && { cold; DXT=1 mpi cc-strided 4 $A cc 4 8 3 20 strided $S 1; }
only cc-seq      && { cold; mpi cc-seq 4 $A cc 4 1024 3 20 seq $S 1; }
# fine, local: numpy loop, np.save/np.load of a 1200x1200 intermediate an iteration, 8 files left on disk
only py-scratch  && { rm -f $L/scr0*.npy; hdr "py-scratch"; env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$CONF \
	DARSHAN_LOGFILE=$R/$LOGS/${PFX}py-scratch.darshan $PY $R/src/pyscr69.py $L 8 1200; echo "   rc=$?"; }
# problem, slow: awk computes 200000 lines of numbers | dd writes them to scratch in 4 KiB O_DSYNC writes
# (Darshan on dd); twin dd-fsync: the same with one fsync at the end (conv=fsync)
pipe() { name=$1; shift; cold; hdr "$name: awk | dd $*"; seq 1 200000 | awk '{x=sin($1)*cos($1/7); printf "%.12f %.12f %.12f\n", x, x*x, exp(-x)}' |
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$CONF ${DXT:+DXT_ENABLE_IO_TRACE=1} \
	DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan dd of=$S/pipe.scr bs=4k iflag=fullblock "$@" 2>&1 | tail -1; echo "   rc=$?"; }
only dd-dsync    && DXT=1 pipe dd-dsync oflag=dsync
only dd-fsync    && pipe dd-fsync conv=fsync
ls -l $LOGS | tail -n +2 | awk '{print "   ", $5, $9}'
