#!/bin/bash
# Round 56's runs under the real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (POSIX, MPI-IO, STDIO, DXT; used
# as it is). LOGS=dir PFX=log name prefix ONLY="names". Needs `throttle.sh up` first (slow storage in /tmp/labels56/mnt
# and /tmp/labels56/mntwb); this script joins the blkio cgroup labels56 so its children meet the throttle there.
R=/tmp/labels56/run; S=/work/labels56/t/data/triage-round56/src; A=$R/app56; M=/tmp/labels56/mnt; W=/tmp/labels56/mntwb
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
LOGS=${LOGS:-logs}; PFX=${PFX:-r56-}
echo $$ > /sys/fs/cgroup/blkio/labels56/cgroup.procs
cd $R; mkdir -p out in $LOGS $M/out $W/tmp $W/out
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 np=$2; shift 2; hdr "$name np $np: $*"; rm -f $R/$LOGS/$PFX$name.darshan
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan \
		${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"; echo "   rc=$?"; }
ser() { name=$1; shift; hdr "$name serial: $*"; rm -f $R/$LOGS/$PFX$name.darshan
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$S/darshan-big.conf \
		DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan ${DXT:+DXT_ENABLE_IO_TRACE=1} "$@"; echo "   rc=$?"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
[ -f in/cfg.txt ] || awk 'BEGIN{srand(56); for(i=0;i<2000;i++) printf "key_%04d = %.8f\n", i, rand()}' > in/cfg.txt
[ -f in/table.bin ] || head -c $((16*1024*1024)) /dev/urandom > in/table.bin
# local disk (ext4 on the VM's virtio disk)
only coll        && { rm -f out/cc.*; mpi coll 4 $A coll 512 60 20 out/cc 20; }
only gather0     && { rm -f out/g0.*; mpi gather0 8 $A gather0 256 60 20 out/g0 10; }
only parwrite    && { rm -f out/pw.*; mpi parwrite 8 $A parwrite 256 60 20 out/pw 10; }
only reread-each && { DXT=1 mpi reread-each 2 $A reread-each 512 80 20 in/table.bin 16; }
only reread-once && { DXT=1 mpi reread-once 2 $A reread-once 512 80 20 in/table.bin 16; }
only synclog     && { rm -f out/sl.*; DXT=1 mpi synclog 1 $A synclog 256 1500 10 out/sl; }
only synclog-end && { rm -f out/sl.*; DXT=1 mpi synclog-end 1 $A synclog-end 256 1500 10 out/sl; }
only stdio-text  && { rm -f out/st.*; mpi stdio-text 4 $A stdio-text 1024 60 10 out/st; }
only stdio-bin   && { rm -f out/st.*; mpi stdio-bin 4 $A stdio-bin 1024 60 10 out/st; }
only bytecfg     && { mpi bytecfg 1 $A bytecfg 1024 200 10 in/cfg.txt; }
only bufcfg      && { mpi bufcfg 1 $A bufcfg 1024 200 10 in/cfg.txt; }
only field       && { rm -rf out/f; mkdir -p out/f; mpi field 4 $R/field56 1024 256 600 60 out/f/fld; }
only npy         && { rm -rf out/py; mkdir -p out/py; ser npy /usr/bin/python3 $S/mc56.py 3000 8 2 out/py; }
# slow storage: -o sync mount (every write reaches the throttled device)
only ckpt4k      && { rm -f $M/out/c4.*; DXT=1 mpi ckpt4k 4 $A ckpt4k 64 200 30 $M/out/c4; }
only ckpt4m      && { rm -f $M/out/c4.*; DXT=1 mpi ckpt4m 4 $A ckpt4m 64 200 30 $M/out/c4; }
only reclog      && { rm -f $M/out/rl.*; DXT=1 mpi reclog 2 $A reclog 128 400 15 $M/out/rl; }
only recbuf      && { rm -f $M/out/rl.*; DXT=1 mpi recbuf 2 $A recbuf 128 400 15 $M/out/rl; }
only seqbig      && { rm -f $M/out/sb.*; DXT=1 mpi seqbig 4 $A seqbig 1024 20 10 $M/out/sb; }
# slow storage, write-back fs: a shell pipeline; the log is sort's (gzip runs without Darshan); input read cold
sortp() { name=$1 mem=$2; rm -f $W/tmp/* $W/out/rows.gz; $S/throttle.sh cold; cd $W
	hdr "$name: sort -S $mem -T tmp rows.txt | gzip -1 > out/rows.gz"
	LC_ALL=C /usr/bin/time -f "   sort+gzip %e s" sh -c "LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 \
		DARSHAN_CONFIG_PATH=$S/darshan-big.conf DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan \
		sort -S $mem -T tmp rows.txt | gzip -1 > out/rows.gz"; echo "   rc=$?"; cd $R; }
only sort-spill  && sortp sort-spill 8M
only sort-mem    && sortp sort-mem 400M
ls -l $LOGS
