#!/bin/sh
# Round 67's runs: astrophysics/cosmology I/O around src/app67.c, src/lcone67.f90, src/pspec67.py under the
# real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is). LOGS=dir PFX=log prefix ONLY=names.
# Runs on the throttled loop devices (src/throttle.sh) go through the cgroup: this script joins it first
# (only blkio on /tmp/labels67/mnt and mntwb is limited, so the local-disk runs are not affected).
R=/tmp/labels67/run; A=$R/app67; F=$R/lcone67; P=$R/src/pspec67.py
T=/tmp/labels67/mnt; W=/tmp/labels67/mntwb
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
LOGS=${LOGS:-logs}; PFX=${PFX:-r67-}
cd $R; mkdir -p out $LOGS
echo $$ > /sys/fs/cgroup/blkio/labels67/cgroup.procs
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 np=$2; shift 2; hdr "$name np $np: $*"
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf -x DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan \
		${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"; echo "   rc=$?"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
cold() { sync; echo 3 > /proc/sys/vm/drop_caches; }
# local disk
only snap-nm    && { rm -f out/snap_*; DXT=1 mpi snap-nm 8 $A snap 200000 20 5 out/snap 2; }
only halo-cat   && { rm -f out/h_*; mpi halo-cat 4 $A halo 200000 30 5 out/h; }
only lcone-f90  && { rm -f out/lcf.*; DXT=1 mpi lcone-f90 4 $F 200000 40 out/lcf; }
only pspec-py   && { rm -f out/ps_*; hdr "pspec-py 1: $P"; env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 \
	DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf DARSHAN_LOGFILE=$R/$LOGS/${PFX}pspec-py.darshan \
	/usr/bin/python3 $P out/ps 2 128 out/snap_001 out/snap_002 out/snap_003 out/snap_004; echo "   rc=$?"; }
only fpp-tiny   && { rm -f out/fp_*; mpi fpp-tiny 8 $A fpptiny 50000 20 10 out/fp; }
only fpp-big    && { rm -f out/fp_*; mpi fpp-big 8 $A fppbig 50000 20 10 out/fp; }
# throttled: the restart at 4 ranks of the 8-rank 2-file snapshot (copied there, then caches dropped)
only restart-4  && { [ -f $T/snap_004.1 ] || cp out/snap_004.0 out/snap_004.1 $T/; cold; DXT=1 mpi restart-4 4 $A read 0 20 5 $T/snap_004 2; }
only mtree-sync && { rm -f $W/mt_*; mpi mtree-sync 4 $A mtree 200000 30 15 $W/mt sync; }
only mtree-end  && { rm -f $W/mt_*; mpi mtree-end 4 $A mtree 200000 30 15 $W/mt end; }
only lcone-each && { rm -f $T/lc.*; DXT=1 mpi lcone-each 4 $A lcone 20000 30 1 $T/lc each; }
only lcone-step && { rm -f $T/lc.*; DXT=1 mpi lcone-step 4 $A lcone 20000 30 1 $T/lc step; }
ls -l $LOGS
