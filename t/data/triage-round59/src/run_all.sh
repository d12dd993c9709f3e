#!/bin/bash
# Round 59's runs: a new user's jobs under the real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as
# it is; POSIX, MPI-IO, STDIO). C and Fortran programs run through mpirun (1-8 ranks); Python scripts run as one
# process with DARSHAN_ENABLE_NONMPI=1. Local-disk jobs use /tmp/labels59/run (ext4 on /dev/vda); throttled
# jobs use /tmp/labels59/mnt (ext4 on a loop device, mounted -o sync, blkio cgroup labels59: src/throttle.sh),
# remounted before each run so it starts with a cold cache. This shell joins the cgroup; every program inherits it.
# LOGS=dir PFX=name prefix ONLY="names". (Darshan does not overwrite a log: each run removes its old one.)
R=/tmp/labels59/run; SRC=/work/labels59/t/data/triage-round59/src; S=/tmp/labels59/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so; PY=/usr/bin/python3
LOGS=${LOGS:-logs}; PFX=${PFX:-r59-}
echo $$ > /sys/fs/cgroup/blkio/labels59/cgroup.procs
cd $R; mkdir -p $LOGS out in
cold() { sync; umount $S && mount -o sync $(cat /tmp/labels59/loopdev) $S || exit 1; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg)): $2"; }
mpi() { name=$1 np=$2; shift 2; rm -f $R/$LOGS/$PFX$name.darshan; hdr "$name" "np $np $*"; local s=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$SRC/darshan-big.conf -x DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan \
		${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@" >$R/$LOGS/$PFX$name.out 2>&1
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $s" | bc) s"; }
ser() { name=$1; shift; rm -f $R/$LOGS/$PFX$name.darshan; hdr "$name" "$*"; local s=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_MODMEM=16 DARSHAN_CONFIG_PATH=$SRC/darshan-big.conf \
		${DXT:+DXT_ENABLE_IO_TRACE=1} DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan "$@" >$R/$LOGS/$PFX$name.out 2>&1
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $s" | bc) s"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
A=$R/app59
# the input table of reread: 128 MiB of doubles in [0,1) (random bytes held NaNs and denormals), made once without Darshan
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1  # one thread a process, as the site sets for 1-core jobs
[ -f in/table.bin ] || $PY -c "import numpy as np; np.random.default_rng(59).random(16 << 20).tofile(\"in/table.bin\")"
# local disk
only reread-each && DXT=1 mpi reread-each 1 $A reread in/table.bin ${NRR:-50} each
only reread-once && DXT=1 mpi reread-once 1 $A reread in/table.bin ${NRR:-50} once
only gather      && { rm -f out/g.bin; DXT=1 mpi gather 4 $A gather $((2 << 20)) ${NG:-16} out/g.bin; }
only sweep       && { rm -rf out/sw; mkdir -p out/sw; DXT=1 mpi sweep 4 $A sweep ${NSW:-48} out/sw; }
only heat-f90    && { rm -f out/heat.*; DXT=1 mpi heat-f90 1 $R/heat59 out/heat; }
only grow-py     && { rm -f out/grow.*; DXT=1 ser grow-py $PY $SRC/grow59.py out/grow ${NGR:-300}; }
only rankfiles-local && { rm -f out/rl.*; DXT=1 mpi rankfiles-local 8 $A rankfiles ${NRL:-1000} ${RRL:-30} out/rl noflush; }
# throttled storage
mkdir -p $S/out
only ckpt-every2  && { cold; rm -f $S/out/ck.npy; DXT=1 ser ckpt-every2 $PY $SRC/ckpt59.py $S/out/ck.npy ${NCK:-40} 2; }
only ckpt-every20 && { cold; rm -f $S/out/ck.npy; DXT=1 ser ckpt-every20 $PY $SRC/ckpt59.py $S/out/ck.npy ${NCK:-40} 20; }
only steps-files  && { cold; rm -rf $S/out/st; mkdir -p $S/out/st; ser steps-files $PY $SRC/steps59.py $S/out/st ${NST:-600} files; }
only steps-one    && { cold; rm -rf $S/out/st; mkdir -p $S/out/st; DXT=1 ser steps-one $PY $SRC/steps59.py $S/out/st ${NST:-600} one; }
only steps-end    && { cold; rm -rf $S/out/st; mkdir -p $S/out/st; DXT=1 ser steps-end $PY $SRC/steps59.py $S/out/st ${NST:-600} end; }
only rankfiles-flush && { cold; rm -f $S/out/rf.*; DXT=1 mpi rankfiles-flush 4 $A rankfiles ${NRF:-300} ${RRF:-100} $S/out/rf flush; }
only rankfiles-buf   && { cold; rm -f $S/out/rf.*; DXT=1 mpi rankfiles-buf 4 $A rankfiles ${NRF:-300} ${RRF:-100} $S/out/rf noflush; }
ls -l $LOGS
