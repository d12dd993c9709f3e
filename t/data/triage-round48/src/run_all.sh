#!/bin/bash
# Round 48's runs: one MPI code (src/app48.c) at 14 settings of a user's sweep, under the real Darshan 3.5.0
# runtime /tmp/labels14/darshan-rt (used as it is). LOGS=dir PFX=name prefix ONLY="names" (default all).
# The script puts itself in the blkio cgroup labels48 (src/throttle.sh); only /tmp/labels48/mnt (loop0) is throttled.
R=/tmp/labels48/run; A=$R/app48; S=/tmp/labels48/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
LOGS=${LOGS:-logs}; PFX=${PFX:-r48-}
echo $$ > /sys/fs/cgroup/blkio/labels48/cgroup.procs
cd $R; mkdir -p out $LOGS
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 np=$2; shift 2; hdr "$name np $np: $*"
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf -x DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan \
		${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"; echo "   rc=$? $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
clean() { rm -rf $R/out/* $S/out/*; sync; }
# args: N STEPS SWEEPS EVERY LAYOUT NAGG REQ COLL FSYNC FMT TXTSTRIDE INDIR OUTPREFIX
L="60 5"; SL="60 20"          # local: 4 MiB a rank (512Ki doubles) x 300 sweeps; slow: 1 MiB a rank x 1200 sweeps
M4=4194304
# fine settings, local disk
only f-n1coll   && { clean; DXT=1 mpi f-n1coll 4 $A 524288 $L 20 n1 1 $M4 1 none bin 1 in out/fld; }
only f-nn       && { clean; DXT=1 mpi f-nn 4 $A 524288 $L 20 nn 1 $M4 0 none bin 1 in out/fld; }
only f-agg2     && { clean; DXT=1 mpi f-agg2 8 $A 262144 $L 20 agg 2 8388608 0 none bin 1 in out/fld; }
only f-n1indep  && { clean; DXT=1 mpi f-n1indep 4 $A 524288 $L 20 n1 1 $M4 0 none bin 1 in out/fld; }
only f-txt-coarse && { clean; mpi f-txt-coarse 2 $A 1048576 $L 20 nn 1 $M4 0 none txt 256 in out/fld; }
only f-fsync-close && { clean; DXT=1 mpi f-fsync-close 4 $A 524288 $L 20 nn 1 $M4 0 close bin 1 in out/fld; }
only f-serial   && { clean; DXT=1 mpi f-serial 1 $A 1048576 $L 20 nn 1 $M4 0 none bin 1 in out/fld; }
# fine settings, slow storage
only s-n1coll   && { clean; DXT=1 mpi s-n1coll 4 $A 131072 $SL 20 n1 1 1048576 1 none bin 1 $S/in $S/out/fld; }
only s-rank0    && { clean; DXT=1 mpi s-rank0 8 $A 65536 $SL 20 agg 1 $M4 0 none bin 1 $S/in $S/out/fld; }
# one problem each
only p-fsync-each && { clean; DXT=1 mpi p-fsync-each 4 $A 524288 $L 20 nn 1 65536 0 each bin 1 in out/fld; }
only p-txt-full && { clean; mpi p-txt-full 2 $A 1048576 $L 20 nn 1 $M4 0 none txt 1 in out/fld; }
only p-coll-64k && { clean; DXT=1 mpi p-coll-64k 4 $A 524288 $L 20 n1 1 65536 1 none bin 1 in out/fld; }
only p-small-req && { clean; mpi p-small-req 4 $A 131072 $SL 20 n1 1 4096 0 none bin 1 $S/in $S/out/fld; }
only p-every1   && { clean; DXT=1 mpi p-every1 4 $A 131072 $SL 1 n1 1 1048576 1 none bin 1 $S/in $S/out/fld; }
# added after the first labelled pass (10:47, before any label): text output funnelled through rank 0; its first
# runs (60 steps of 5 sweeps, 11:02, 4.3-4.6 s at load 7) were discarded for the 5 s floor: 15 sweeps a step
T="60 15"
only p-txt-rank0 && { clean; mpi p-txt-rank0 4 $A 262144 $T 20 agg 1 $M4 0 none txt 1 in out/fld; }
# better twins (reruns only): the problem's one setting changed
only p-fsync-each-fix && { clean; DXT=1 mpi p-fsync-each-fix 4 $A 524288 $L 20 nn 1 65536 0 close bin 1 in out/fld; }
only p-txt-full-fix && { clean; mpi p-txt-full-fix 2 $A 1048576 $L 20 nn 1 $M4 0 none bin 1 in out/fld; }
only p-coll-64k-fix && { clean; DXT=1 mpi p-coll-64k-fix 4 $A 524288 $L 20 n1 1 $M4 1 none bin 1 in out/fld; }
only p-small-req-fix && { clean; mpi p-small-req-fix 4 $A 131072 $SL 20 n1 1 1048576 0 none bin 1 $S/in $S/out/fld; }
only p-every1-fix && { clean; DXT=1 mpi p-every1-fix 4 $A 131072 $SL 20 n1 1 1048576 1 none bin 1 $S/in $S/out/fld; }
only s-rank0-fix && { clean; DXT=1 mpi s-rank0-fix 8 $A 65536 $SL 20 n1 1 $M4 1 none bin 1 $S/in $S/out/fld; }
only p-txt-rank0-fix && { clean; mpi p-txt-rank0-fix 4 $A 262144 $T 20 nn 1 $M4 0 none txt 1 in out/fld; }
only p-txt-rank0-bin && { clean; mpi p-txt-rank0-bin 4 $A 262144 $T 20 agg 1 $M4 0 none bin 1 in out/fld; }
clean
