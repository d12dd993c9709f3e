#!/bin/bash
# Round 70's runs under the real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is), DXT on.
# Local disk: /tmp/labels70/run (in/, out/). Throttled: /tmp/labels70/mnt (-o sync) and /tmp/labels70/mntwb
# (write-back), see src/throttle.sh; this shell joins the blkio cgroup labels70, so mpirun and every rank do.
# Throttled runs start with a cold cache (unmount + mount). LOGS=dir PFX=prefix ONLY="names" VAR=A|B.
R=/tmp/labels70/run; A=$R/app70; S=/tmp/labels70/mnt; W=/tmp/labels70/mntwb; I=$R/in; O=$R/out
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
LOGS=${LOGS:-logs}; PFX=${PFX:-r70-}
echo $$ > /sys/fs/cgroup/blkio/labels70/cgroup.procs
cd $R; mkdir -p $LOGS $O
cold() { sync; umount $S && mount -o sync $(cat /tmp/labels70/loopdev) $S && umount $W && mount $(cat /tmp/labels70/loopdev2) $W || exit 1; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 np=$2; shift 2; hdr "$name np $np: $*"; rm -f $R/$LOGS/$PFX$name.darshan
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf -x DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan \
		-x DXT_ENABLE_IO_TRACE=1 "$@"; echo "   rc=$?"; }
one() { name=$1; shift; hdr "$name np 1: $*"; rm -f $R/$LOGS/$PFX$name.darshan
	( s=$(date +%s.%N); env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf \
		DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan DXT_ENABLE_IO_TRACE=1 "$@"; echo "   rc=$? wall $(echo "$(date +%s.%N) - $s" | bc) s" ); }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
# throttled (a third)
only unittest   && { cold; mkdir -p $S/out/ut; mpi unittest 4 $A unittest 40 300 150 $S/out/ut 4096 $S/in/fixture.dat; }
# B twin: the same tests with their scratch files in node-local /tmp (TMPDIR) instead of the shared file system
only unittest-local && { cold; mkdir -p $O/ut; mpi unittest-local 4 $A unittest 40 300 150 $O/ut 4096 $S/in/fixture.dat; }
only solvbench  && { cold; mpi solvbench 2 $A solvbench $W/out/hist 600 150 30 each; }
only solvbench-end && { cold; mpi solvbench-end 2 $A solvbench $W/out/hist 600 150 30 end; }
only earlyfail  && { cold; mpi earlyfail 4 $A earlyfail $S/in/deck.in 1200 700; }
# local disk (two thirds)
only startup    && { mpi startup 8 $A startup $I/cfg 300 800 600; }
only hello      && { rm -f $O/hello.log; mpi hello 8 $A hello $O/hello.log 800 600; }
only converge   && { mpi converge 2 $R/conv70 $O/conv.txt 400000; }
only plotres    && { one plotres /usr/bin/python3 $R/src/plot70.py $I/field0.npy $I/field1.npy $I/field2.npy $O/plot; }
only meshconv   && { one meshconv awk -v S=2.5 -v NODES=$O/mesh.nodes -v CELLS=$O/mesh.cells -f $R/src/mesh70.awk $I/mesh.txt; }
