#!/bin/bash
# Round 76's runs: operational weather and forecast pipeline programs under the real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is). LOGS=dir PFX=name prefix ONLY="names". Slow storage:
# src/throttle.sh (the script puts itself into the labels76 blkio cgroup; ranks inherit it only for the
# programs run through `slow`).
R=/tmp/labels76/run; A=$R/app76; T=$R/tiles76; S=/tmp/labels76/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
LOGS=${LOGS:-logs}; PFX=${PFX:-r76-}
cd $R; mkdir -p out $LOGS
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 np=$2; shift 2; hdr "$name np $np: $*"; rm -f $R/$LOGS/$PFX$name.darshan
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf -x DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan \
		${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"; echo "   rc=$?"; }
# a slow-storage run: in the throttled cgroup, for this run only
slow() { bash -c 'echo $$ > /sys/fs/cgroup/blkio/labels76/cgroup.procs; exec "$@"' x "$@"; }
nonmpi() { name=$1; shift; hdr "$name: $*"; rm -f $R/$LOGS/$PFX$name.darshan
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf \
		DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan ${DXT:+DXT_ENABLE_IO_TRACE=1} "$@"; echo "   rc=$?"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
export -f mpi hdr; export R A T S DL LOGS PFX DXT
# local disk
only model-gather && { rm -f out/fc.grib; DXT=1 mpi model-gather 4 $A model 256 64 24 8 8 5 out/fc.grib gather; }
only obs-files    && { DXT=1 mpi obs-files 8 $A obs in/obs 3000 out/obsqc 3; }
only tiles        && { rm -rf out/tiles; mkdir -p out/tiles; mpi tiles 4 $T 256 64 12 400 8 out/tiles; }
only post         && { rm -rf out/post; mkdir -p out/post; DXT=1 nonmpi post /usr/bin/python3 src/post76.py out/fc.grib out/post 60; }
only prod-each    && { rm -rf out/prod; mkdir -p out/prod; DXT=1 mpi prod-each 2 $A prod out/fc.grib 16 out/prod each 2000; }
only prod-once    && { rm -rf out/prod; mkdir -p out/prod; DXT=1 mpi prod-once 2 $A prod out/fc.grib 16 out/prod once 2000; }
# slow storage (inputs copied there outside the cgroup; `throttle.sh cold` empties its page cache first)
only ens          && { rm -rf $S/ens; mkdir -p $S/ens; slow bash -c "DXT=1 mpi ens 8 $A ens 192 128 12 150 6 $S/ens"; }
only model-fsync  && { rm -f $S/fc.grib; slow bash -c "DXT=1 mpi model-fsync 4 $A model 256 64 12 8 8 10 $S/fc.grib fsync"; }
only model-fsynchour && { rm -f $S/fc.grib; slow bash -c "DXT=1 mpi model-fsynchour 4 $A model 256 64 12 8 8 10 $S/fc.grib fsynchour"; }
only points-each  && { [ -f $S/fcp.grib ] || cp out/fc.grib $S/fcp.grib; src/throttle.sh cold; slow bash -c "mpi points-each 2 $A points $S/fcp.grib 1000 4 1500 each"; }
only points-whole && { [ -f $S/fcp.grib ] || cp out/fc.grib $S/fcp.grib; src/throttle.sh cold; slow bash -c "DXT=1 mpi points-whole 2 $A points $S/fcp.grib 1000 4 1500 whole"; }
only obs-slow     && { [ -d $S/obs ] || cp -r in/obs $S/obs; src/throttle.sh cold; slow bash -c "DXT=1 mpi obs-slow 8 $A obs $S/obs 3000 out/obsqc 3"; }
only obs-tank     && { [ -f $S/obs.tank ] || cp in/obs.tank $S/obs.tank; src/throttle.sh cold; slow bash -c "DXT=1 mpi obs-tank 8 $A obs $S/obs.tank 0 out/obsqc 3"; }
ls -l $LOGS
# added after the first reruns (19:49, before any label was written): the I/O server without any fsync (write-back
# overlaps the next hour's compute; NOTE: the kernel's flusher writes outside the cgroup, so only the write(2)
# calls meet the throttle)
only model-nosync && { rm -f $S/fc.grib; slow bash -c "DXT=1 mpi model-nosync 4 $A model 256 64 12 8 8 10 $S/fc.grib nosync"; }
