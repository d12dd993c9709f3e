#!/bin/bash
# Round 51's runs: task farms and ensembles under the real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as
# it is). Local disk: /tmp/labels51/local (ext4 on the VM's virtio disk, warm page cache). Slow storage (throttle.sh):
# /tmp/labels51/mnt (loop, -o sync) and /tmp/labels51/mntwb (loop, write-back), limited by the blkio cgroup labels51;
# this shell joins the cgroup, so mpirun and every rank inherit it; each throttled run starts on a fresh mount (cold cache).
# LOGS=dir PFX=name prefix ONLY="names" (default: all, in the order below; a problem's better twin right after it).
D=/tmp/labels51; R=$D/run; F=$R/farm51; E=$R/ens51; L=$D/local; S=$D/mnt; W=$D/mntwb
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so; CONF=$R/src/darshan-big.conf
LOGS=${LOGS:-logs}; PFX=${PFX:-r51-}
echo $$ > /sys/fs/cgroup/blkio/labels51/cgroup.procs
cd $R; mkdir -p $LOGS
cold() { sync; umount $S && mount -o sync $(cat $D/loopdev) $S && umount $W && mount $(cat $D/loopdev2) $W || exit 1; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
MR="mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none"
mpi() { name=$1 np=$2; shift 2; [ -n "$SLOW" ] && cold; hdr "$name np $np: $*"
	$MR -np $np -x LD_PRELOAD=$DL -x DARSHAN_CONFIG_PATH=$CONF -x DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan \
		${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"; echo "   rc=$? $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
ser() { name=$1; shift; hdr "$name serial: $*"; s=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_MODMEM=16 DARSHAN_CONFIG_PATH=$CONF \
		DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan ${DXT:+DXT_ENABLE_IO_TRACE=1} "$@" > $R/$LOGS/$PFX$name.out
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $s" | bc) s, $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf "$1"; mkdir -p "$1"; }
MB=1048576
only farm-ok      && { fresh $L/o-ok; DXT=1 mpi farm-ok 4 $F ok 48 40 $((2*MB)) $L/o-ok; }
only ens-split    && { fresh $L/o-ens; DXT=1 mpi ens-split 8 $F ens 30 8 $((4*MB)) $L/o-ens 10; }
only f90-ens      && { fresh $L/o-f90; DXT=1 mpi f90-ens 4 $E state 40 20 $L/o-f90; }
only awk-farm     && { fresh $L/o-awk; ser awk-farm awk -v NT=16 -v IN=$L/in -v OUT=$L/o-awk -f $R/src/farm51.awk; }
only farm-log     && { fresh $L/o-log; DXT=1 mpi farm-log 4 $F log 48 40 $((2*MB)) $L/o-log; }
only reread       && { fresh $L/o-rr; DXT=1 mpi reread 4 $F reread 96 100 $MB $L/o-rr; }
only farm-shared  && { fresh $L/o-rr; DXT=1 mpi farm-shared 4 $F shared 96 100 $MB $L/o-rr; }
only py-tiny      && { fresh $L/o-py; ser py-tiny /usr/bin/python3 $R/src/sweep51.py tiny 8 40 $L/in $L/o-py; }
only py-sweep     && { fresh $L/o-py; ser py-sweep /usr/bin/python3 $R/src/sweep51.py ok 8 40 $L/in $L/o-py; }
export SLOW=1
only ens-sharedin && { fresh $S/o-ensin; DXT=1 mpi ens-sharedin 8 $F sharedin 20 12 $MB $S/o-ensin 20; }
only ledger       && { fresh $W/o-led; DXT=1 mpi ledger 4 $F ledger ${LN:-300} 8 $((256*1024)) $W/o-led; }
only ledger-end   && { fresh $W/o-led; DXT=1 mpi ledger-end 4 $F ledgerend ${LN:-300} 8 $((256*1024)) $W/o-led; }
only scratch      && { fresh $S/o-sc; mpi scratch 4 $F scratch ${SN:-32} 40 $MB $S/o-sc 64; }
only scratch-one  && { fresh $S/o-sc; mpi scratch-one 4 $F ok ${SN:-32} 40 $MB $S/o-sc; }
only sharedout    && { fresh $S/o-so; DXT=1 mpi sharedout 8 $F sharedout ${ON:-32} 40 $((512*1024)) $S/o-so; }
only sharedbig    && { fresh $S/o-so; DXT=1 mpi sharedbig 8 $F sharedbig ${ON:-32} 40 $((512*1024)) $S/o-so; }
only f90-flush    && { fresh $S/o-fl; DXT=1 mpi f90-flush 4 $E flush ${FS:-300} 2 $S/o-fl; }
only f90-noflush  && { fresh $S/o-fl; DXT=1 mpi f90-noflush 4 $E noflush ${FS:-300} 2 $S/o-fl; }
ls -l $LOGS | tail -n +2 | awk '{print "   ", $5, $9}'
