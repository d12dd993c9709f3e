#!/bin/sh
# Round 46's runs: jobs whose I/O is many files and their metadata (src/app46.c, src/ftn46.f90, tar, split)
# under the real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is). LOGS=dir PFX=name prefix;
# ONLY="names" picks jobs. Local disk: /tmp/labels46/run (ext4 on the VM's virtio disk). Throttled:
# /tmp/labels46/mnt (-o sync) and /tmp/labels46/mntwb (write-back), see throttle.sh; this script puts itself in
# the blkio cgroup labels46, and remounts mnt (cold cache) before each run that reads from it.
R=/tmp/labels46/run; A=$R/app46; F=$R/ftn46; SRC=/work/labels46/t/data/triage-round46/src
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so; T=/tmp/labels46/mnt; W=/tmp/labels46/mntwb
LOGS=${LOGS:-logs}; PFX=${PFX:-r46-}
echo $$ > /sys/fs/cgroup/blkio/labels46/cgroup.procs
cd $R; mkdir -p out $LOGS $T/out $W/out
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 np=$2; shift 2; hdr "$name np $np: $*"
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$SRC/darshan-big.conf -x DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan \
		${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"; echo "   rc=$? end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
one() { name=$1; shift; hdr "$name (serial): $*"; s=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$SRC/darshan-big.conf ${DXT:+DXT_ENABLE_IO_TRACE=1} \
		DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $s" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
cold() { sync; $SRC/throttle.sh remount; }
C4="256"    # 2 MiB of doubles a rank
# fine: files and metadata handled well
only ens-member  && { rm -rf out/ens; mkdir -p out/ens; DXT=1 mpi ens-member 8 $A ens 128 90 10 out/ens 3 16; }
only cfg-start   && { for f in in/cfg/cfg.*; do dd if=$f iflag=nocache count=0 status=none; done; rm -f out/cfg.sum; DXT=1 mpi cfg-start 4 $A cfgstart $C4 120 10 in/cfg 16 out/cfg.sum; }
only ckpt-rotate && { rm -rf out/rot; mkdir -p out/rot; DXT=1 mpi ckpt-rotate 4 $A rotate 1024 40 5 out/rot 10; }
only log-root    && { rm -rf out/lr; mkdir -p out/lr; DXT=1 mpi log-root 8 $A logroot 128 300 3 out/lr/run.log 10 out/lr; }
only walk-first  && { rm -f out/walk.txt; mpi walk-first 4 $A walk $C4 100 15 in/tree out/walk.txt; }
only restart-parts && { for f in in/rst/part.*; do dd if=$f iflag=nocache count=0 status=none; done; DXT=1 mpi restart-parts 4 $A restart 1024 100 5 in/rst; }
only ftn-members && { rm -f out/ftn.*; DXT=1 mpi ftn-members 4 $F 1024 600 4 out/ftn; }
only untar-stage && { rm -rf out/stage; DXT=1 one untar-stage tar -I 'env -u LD_PRELOAD bzip2' -xf in/inputs.tar.bz2 -C out; }
# one real problem each (A), and the better twin (B) where one exists
only scratch-files && { rm -rf $T/out/scr; mkdir -p $T/out/scr; mpi scratch-files 4 $A scratch $C4 40 20 $T/out/scr 10 4 files; }
only scratch-one   && { rm -rf $T/out/scr; mkdir -p $T/out/scr; mpi scratch-one 4 $A scratch $C4 40 20 $T/out/scr 10 4 one; }
only copy-rotate   && { rm -f $T/out/ckpt.*; DXT=1 mpi copy-rotate 4 $A copyrot $C4 40 10 $T/out 10 8 copy; }
only rename-rotate && { rm -f $T/out/ckpt.*; DXT=1 mpi rename-rotate 4 $A copyrot $C4 40 10 $T/out 10 8 rename; }
only status-fsync  && { rm -f $W/out/status.*; mpi status-fsync 4 $A status $C4 1000 1 $W/out fsync; }
only status-plain  && { rm -f $W/out/status.*; mpi status-plain 4 $A status $C4 1000 1 $W/out plain; }
only status-sparse && { rm -f $W/out/status.*; mpi status-sparse 4 $A status $C4 1000 1 $W/out sparse; }
only mods-all    && { cold; mpi mods-all 8 $A mods 128 300 6 $T/in/mods 1500 all; }
only mods-pack   && { cold; mpi mods-pack 8 $A mods 128 300 6 $T/in/mods 1500 root; }
only rescan-every && { mpi rescan-every 4 $A rescan $C4 200 5 in/queue every; }
only rescan-once  && { mpi rescan-once 4 $A rescan $C4 200 5 in/queue once; }
only split-lines && { cold; rm -rf $T/out/sp; mkdir -p $T/out/sp; one split-lines split -l 100 -a 4 $T/in/events.log $T/out/sp/part.; }
only split-big   && { cold; rm -rf $T/out/sp; mkdir -p $T/out/sp; one split-big split -l 25000 -a 4 $T/in/events.log $T/out/sp/part.; }
ls -l $LOGS
