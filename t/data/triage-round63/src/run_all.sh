#!/bin/bash
# Round 63's runs: an ordinary afternoon's jobs under the real Darshan 3.5.0 runtime (/tmp/labels14/darshan-rt,
# used as it is). LOGS=dir PFX=name prefix ONLY="names". Throttled storage: src/throttle.sh up first.
R=/tmp/labels63/run; A=$R/app63; F=$R/cfd63; M=/tmp/labels63/mnt; PY=/usr/bin/python3
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
LOGS=${LOGS:-logs}; PFX=${PFX:-r63-}
echo $$ > /sys/fs/cgroup/blkio/labels63/cgroup.procs
cd $R; mkdir -p out $LOGS $M/out
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 np=$2; shift 2; hdr "$name np $np: $*"; rm -f $R/$LOGS/$PFX$name.darshan
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf -x DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan \
		${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"; echo "   rc=$? end $(date -u +%T)"; }
ser() { name=$1; shift; hdr "$name: $*"; rm -f $R/$LOGS/$PFX$name.darshan; s0=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf \
		DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan ${DXT:+DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $s0" | bc) s end $(date -u +%T)"; }
cold() { dd if=$1 iflag=nocache count=0 status=none; }  # drop the file's page cache: a cold read
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
# local disk
only md      && { rm -rf out/md; mkdir -p out/md; DXT=1 mpi md 4 $A md ${MD_N:-1000} ${MD_S:-200} 10 out/md; }
only mc      && { mpi mc 8 $A mc ${MC_H:-2000000} 65536 out/mc; }
only sweep   && { rm -rf out/sweep; mkdir -p out/sweep; ser sweep awk -v NP=48 -v NSTEP=${SW_N:-200000} -v OUT=out/sweep -f src/sweep63.awk; }
only post    && { DXT=1 ser post $PY src/py63.py in/hist.f64 48 16 32768 out/post.txt each; }
only post-B  && { DXT=1 ser post-B $PY src/py63.py in/hist.f64 48 16 32768 out/post.txt once; }
# throttled loop device (sync mount)
only cfd     && { rm -f $M/out/plt*; cold $M/in/restart.dat; DXT=1 mpi cfd 4 $F 1024 1024 ${CFD_S:-400} 200 $M/in/restart.dat $M/out/plt; }
only clim    && { rm -rf $M/out/clim; mkdir -p $M/out/clim; DXT=1 mpi clim 4 $A clim 64 16 4 ${CL_D:-10} ${CL_S:-1500} $M/out/clim row; }
only clim-B  && { rm -rf $M/out/clim; mkdir -p $M/out/clim; DXT=1 mpi clim-B 4 $A clim 64 16 4 ${CL_D:-10} ${CL_S:-1500} $M/out/clim gather; }
only dft     && { rm -f $M/out/wfc.dat; DXT=1 mpi dft 4 $A dft 65536 ${DFT_B:-64} ${DFT_I:-12} $M/out/wfc.dat all; }
only dft-B   && { rm -f $M/out/wfc.dat; DXT=1 mpi dft-B 4 $A dft 65536 ${DFT_B:-64} ${DFT_I:-12} $M/out/wfc.dat root; }
ls -l $LOGS
# inputs (local, made before the runs): in/hist.f64, 48 records x 16 variables x 32768 float64 (201326592 B,
# numpy default_rng(63) standard_normal); on the throttled device: mnt/in/restart.dat (src/throttle.sh)
