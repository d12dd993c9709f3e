#!/bin/bash
# Round 53's runs under the real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is).
# LOGS=dir PFX=name prefix ONLY="names". Local-disk jobs run in /tmp/labels53/run, throttled ones in
# /tmp/labels53/mnt (src/throttle.sh: loop device, ext4 -o sync, cgroup v1 blkio labels53).
R=/tmp/labels53/run; M=/tmp/labels53/mnt; A=$R/app53; F=$R/f53
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so; CONF=/tmp/labels53/src/darshan-big.conf
LOGS=${LOGS:-/tmp/labels53/logs}; PFX=${PFX:-r53-}
mkdir -p $LOGS; echo $$ > /sys/fs/cgroup/blkio/labels53/cgroup.procs
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 np=$2 d=$3; shift 3; hdr "$name np $np: $*"; rm -f $LOGS/$PFX$name.darshan; rm -rf $d/out; mkdir -p $d/out
	(cd $d && mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$CONF -x DARSHAN_LOGFILE=$LOGS/$PFX$name.darshan \
		${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"); echo "   rc=$?"; }
one() { name=$1 d=$2; shift 2; hdr "$name np 1: $*"; rm -f $LOGS/$PFX$name.darshan; rm -rf $d/out; mkdir -p $d/out
	(cd $d && env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$CONF DARSHAN_LOGFILE=$LOGS/$PFX$name.darshan \
		${DXT:+DXT_ENABLE_IO_TRACE=1} "$@"); echo "   rc=$?"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
only ph-bcast-fine && DXT=1 mpi ph-bcast-fine 8 $R $A bcast diag coll 256 100 12 $R
only ph-slice-fpp  && DXT=1 mpi ph-slice-fpp 4 $R $A slice snap fpp 512 100 8 $R
only ph-storm      && mpi ph-storm 8 $R $A storm diag coll 256 100 12 $R
only ph-rewrite    && mpi ph-rewrite 4 $R $A bcast rewrite coll 64 2000 4 $R
only ph-diag4      && mpi ph-diag4 4 $R $A bcast diag coll 64 2000 4 $R
only ph-rootsmall  && mpi ph-rootsmall 4 $M $A bcast diag rootsmall 128 400 12 $M
only ph-thr-fine   && DXT=1 mpi ph-thr-fine 4 $M $A bcast diag coll 128 400 12 $M
only py-fine       && DXT=1 one py-fine $R /usr/bin/python3 /tmp/labels53/src/py53.py $R 60 save
only py-smallw     && one py-smallw $R /usr/bin/python3 /tmp/labels53/src/py53.py $R 60 scalar
only f90-fine      && DXT=1 mpi f90-fine 4 $M $F $M run.nml
only f90-flush     && DXT=1 mpi f90-flush 4 $M $F $M runf.nml
only sh-gzip       && { hdr "sh-gzip np 1: gzip -6 -c in/text.txt > out/text.gz"; rm -f $LOGS/${PFX}sh-gzip.darshan; mkdir -p $R/out
	(cd $R && env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$CONF DARSHAN_LOGFILE=$LOGS/${PFX}sh-gzip.darshan \
		DXT_ENABLE_IO_TRACE=1 gzip -6 -c in/text.txt > out/text.gz); echo "   rc=$?"; }
only sh-sort       && DXT=1 one sh-sort $R sort -S 64M -k3,3 -o out/text.sorted in/text.txt
ls -l $LOGS
