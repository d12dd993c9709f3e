#!/bin/bash
# Round 74's runs under the real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is).
# Local disk: /tmp/labels74/run (in/, out/). Throttled: /tmp/labels74/mnt (-o sync) and /tmp/labels74/mntwb
# (write-back), see src/throttle.sh; this shell joins the blkio cgroup labels74, so mpirun and every rank do
# (the limits are only on the two loop devices, so local-disk runs are not slowed).
# Throttled runs start with a cold cache (unmount + mount). LOGS=dir PFX=prefix ONLY="names".
# Inputs (made once, outside the cgroup, by inputs.sh): in/cfg16x32.ildg (16^3x32, 75.5 MB), in/ens/cfg12_{1..6}
# (12^3x24, 23.9 MB each), mnt/in/cfg16x32.ildg (the same config on the throttled sync mount).
T=/tmp/labels74; R=$T/run; Q=$T/src/qcd74; S=$T/mnt; W=$T/mntwb; I=$R/in; O=$R/out
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
LOGS=${LOGS:-logs}; PFX=${PFX:-r74-}
echo $$ > /sys/fs/cgroup/blkio/labels74/cgroup.procs
cd $R; mkdir -p $LOGS $O $S/out $W/out
cold() { sync; umount $S && mount -o sync $(cat $T/loopdev) $S && umount $W && mount $(cat $T/loopdev2) $W || exit 1; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 np=$2; shift 2; hdr "$name np $np: $*"; rm -f $R/$LOGS/$PFX$name.darshan
	s=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$T/src/darshan-big.conf -x DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan \
		${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"; echo "   rc=$? wall $(echo "$(date +%s.%N) - $s" | bc) s"; }
one() { name=$1; shift; hdr "$name np 1: $*"; rm -f $R/$LOGS/$PFX$name.darshan
	( s=$(date +%s.%N); env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$T/src/darshan-big.conf \
		DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan ${DXT:+DXT_ENABLE_IO_TRACE=1} "$@"; echo "   rc=$? wall $(echo "$(date +%s.%N) - $s" | bc) s" ); }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
# local disk (two thirds)
# gauge config read at start: collective subarray read (B twin) and one independent 576-byte read a site (A)
only gauge-coll && { mpi gauge-coll 8 $Q gauge $I/cfg16x32.ildg coll 200; }
only gauge-site && { mpi gauge-site 8 $Q gauge $I/cfg16x32.ildg site 200; }
# propagators: 8 sources, one file a source, collective subarray writes (8^3x16, 18.9 MB a source)
only prop-coll  && { rm -f $O/p.*; DXT=1 mpi prop-coll 4 $Q prop $O/p 8 16 8 coll 150; }
# contractions of those propagators (Fortran stream reads of each rank's time slices)
only corr       && { [ -f $O/p.src07.prop ] || exit 1; DXT=1 mpi corr 4 $T/src/corr74 $O/p 8 16 8 20 $O/corr.txt; }
# measurement over an ensemble of 6 configs in sequence (python3 + numpy)
only measure    && { DXT=1 one measure /usr/bin/python3 $T/src/measure74.py $O/meas.txt $I/ens/cfg12_1.ildg \
	$I/ens/cfg12_2.ildg $I/ens/cfg12_3.ildg $I/ens/cfg12_4.ildg $I/ens/cfg12_5.ildg $I/ens/cfg12_6.ildg; }
# archiving a config before it goes to tape (gzip -k -f of a hard link to it in out/)
only archive    && { ln -f $I/cfg16x32.ildg $O/cfg16x32.ildg; rm -f $O/cfg16x32.ildg.gz; DXT=1 one archive gzip -6 -k -f $O/cfg16x32.ildg; }
# throttled (a third)
# the same config read cold from the throttled sync mount: rank 0 reads it all and sends sublattices (A)
# and the collective read (B)
only gauge-root && { cold; DXT=1 mpi gauge-root 4 $Q gauge $S/in/cfg16x32.ildg root 200; }
only gauge-tcoll && { cold; DXT=1 mpi gauge-tcoll 4 $Q gauge $S/in/cfg16x32.ildg coll 200; }
# propagators (8^3x8, 4 sources) on the write-back mount: fdatasync after every x-row (A) or one fsync a file (B)
only prop-rowsync && { rm -f $W/out/*; cold; DXT=1 mpi prop-rowsync 4 $Q prop $W/out/p 8 8 4 rowsync 600; }
only prop-endsync && { rm -f $W/out/*; cold; DXT=1 mpi prop-endsync 4 $Q prop $W/out/p 8 8 4 endsync 600; }
ls -l $LOGS
