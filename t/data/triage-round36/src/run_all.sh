#!/bin/bash
# Round 36's runs: MPI programs (src/app36.c, src/h5app36.c) under the real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is) on THROTTLED storage: /tmp/labels36/mnt (ext4 on a loop device,
# mounted -o sync) and /tmp/labels36/mntwb (write-back), both limited by the blkio cgroup labels36 (see
# src/throttle.sh). This shell joins the cgroup; mpirun and every rank inherit it. Before each run both file
# systems are unmounted and mounted again, so every run starts with a cold cache. LOGS=dir PFX=prefix ONLY="names".
R=/tmp/labels36/run; A=$R/app36; H=$R/h5app36; S=/tmp/labels36/mnt; W=/tmp/labels36/mntwb
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
LOGS=${LOGS:-logs}; PFX=${PFX:-r36-}
echo $$ > /sys/fs/cgroup/blkio/labels36/cgroup.procs
cd $R; mkdir -p $LOGS
cold() { sync; umount $S && mount -o sync $(cat /tmp/labels36/loopdev) $S && umount $W && mount $(cat /tmp/labels36/loopdev2) $W || exit 1; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 np=$2; shift 2; cold; hdr "$name np $np: $*"
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none $MCA -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf -x DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan \
		${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"; echo "   rc=$?"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
mkdir -p $S/out $W/out
only colread-elem  && { mpi colread-elem 4 $A colread 64 ${CS:-40} 20 elem $S/in/matrix.bin 4096 512; }
only colread-dtype && { mpi colread-dtype 4 $A colread 64 ${CS:-40} 20 dtype $S/in/matrix.bin 4096 512; }
only sharedfp-shared && { rm -f $S/out/sfp*; mpi sharedfp-shared 4 $A sharedfp 64 20 20 shared $S/out/sfp ${SR:-400}; }
only sharedfp-at     && { rm -f $S/out/sfp*; mpi sharedfp-at 4 $A sharedfp 64 20 20 at $S/out/sfp ${SR:-400}; }
only sharedfp-batch  && { rm -f $S/out/sfp*; mpi sharedfp-batch 4 $A sharedfp 64 20 20 batch $S/out/sfp ${SR:-400}; }
only applog-each   && { rm -f $S/out/app.log; DXT=1 mpi applog-each 4 $A applog 16 ${AS:-400} 4 each $S/out/app.log; }
only applog-end    && { rm -f $S/out/app.log; DXT=1 mpi applog-end 4 $A applog 16 ${AS:-400} 4 end $S/out/app.log; }
only halodiag-flush && { rm -rf $S/out/diag; mkdir -p $S/out/diag; mpi halodiag-flush 4 $A halodiag 32 ${HS:-300} 8 flush $S/out/diag; }
only halodiag-buf   && { rm -rf $S/out/diag; mkdir -p $S/out/diag; mpi halodiag-buf 4 $A halodiag 32 ${HS:-300} 8 buf $S/out/diag; }
only openclose-each && { rm -f $S/out/oc*; mpi openclose-each 4 $A openclose 64 ${OS:-100} 10 each $S/out/oc.dat 64; }
only openclose-once && { rm -f $S/out/oc*; mpi openclose-once 4 $A openclose 64 ${OS:-100} 10 once $S/out/oc.dat 64; }
only readall       && { mpi readall 4 $A readall 256 40 20 $S/in/data.bin ${RM:-128}; }
only readall-indep && { mpi readall-indep 4 $A readall 256 40 20 $S/in/data.bin ${RM:-128} indep; }
only hints-off     && { rm -f $S/out/hc.*; MCA="--mca io romio321" mpi hints-off 4 $A hints 64 40 100 off $S/out/hc 512 20; }
only hints-on      && { rm -f $S/out/hc.*; MCA="--mca io romio321" mpi hints-on 4 $A hints 64 40 100 on $S/out/hc 512 20; }
only ckptend       && { rm -f $S/out/ce; mpi ckptend 4 $A ckptend 1024 30 10 $S/out/ce; }
only h5-small      && { rm -f $S/out/h5s.h5; mpi h5-small 4 $H 64 40 20 10 $S/out/h5s.h5 indep small ${NDS:-100}; }
only h5-one        && { rm -f $S/out/h5s.h5; mpi h5-one 4 $H 64 40 20 10 $S/out/h5s.h5 indep one ${NDS:-100}; }
only h5-chunk-indep && { rm -f $S/out/h5k.h5; mpi h5-chunk-indep 4 $H 256 40 20 10 $S/out/h5k.h5 indep chunk 0; }
only h5-chunk-coll  && { rm -f $S/out/h5k.h5; mpi h5-chunk-coll 4 $H 256 40 20 10 $S/out/h5k.h5 coll chunk 0; }
only h5-chunknf-indep && { rm -f $S/out/h5k.h5; mpi h5-chunknf-indep 4 $H 256 40 20 10 $S/out/h5k.h5 indep chunknf 0; }
only h5-contig     && { rm -f $S/out/h5c.h5; mpi h5-contig 2 $H 1024 20 20 20 $S/out/h5c.h5 indep contig 0; }
ls -l $LOGS | tail -n +2 | awk '{print "   ", $5, $9}'
