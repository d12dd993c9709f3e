#!/bin/bash
# Round 50's runs: jobs at the edges of what triage sees (src/app50.c, src/ftn50.f90, src/py50.py, xz, sort)
# under the real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is). LOGS=dir PFX=name prefix;
# ONLY="names" picks jobs. Local disk: /tmp/labels50/run (ext4 on the VM's virtio disk). Throttled (T):
# /tmp/labels50/mnt (-o sync), see throttle.sh; this script puts itself in the blkio cgroup labels50, and
# remounts mnt (cold cache) before each run that reads from it. Killed jobs: Darshan's mmap logs (one a
# process, DARSHAN_MMAP_LOGPATH) merged as darshan-mmap-epilog.sh does (darshan-merge --job-end-time --shared-redux).
R=/tmp/labels50/run; A=$R/app50; F=$R/ftn50; P="/usr/bin/python3 $R/py50.py"; SRC=/work/labels50/t/data/triage-round50/src
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so; T=/tmp/labels50/mnt; MERGE=/tmp/darshan-inst/bin/darshan-merge
LOGS=${LOGS:-logs}; PFX=${PFX:-r50-}
echo $$ > /sys/fs/cgroup/blkio/labels50/cgroup.procs
cd $R; mkdir -p out $LOGS $T/out mmap
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mmapdir() { rm -rf $R/mmap/$1; mkdir -p $R/mmap/$1; }
mpi() { name=$1 np=$2; shift 2; hdr "$name np $np: $*"; mmapdir $name
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$SRC/darshan-big.conf -x DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan \
		-x DARSHAN_MMAP_LOGPATH=$R/mmap/$name ${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
one() { name=$1; shift; hdr "$name (serial): $*" >&2; mmapdir $name; s=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$SRC/darshan-big.conf ${DXT:+DXT_ENABLE_IO_TRACE=1} \
		DARSHAN_MMAP_LOGPATH=$R/mmap/$name DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $s" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)" >&2; }
# the killed jobs' logs: every process's mmap log merged, the job's end time the moment of the kill
merged() { name=$1; ls -l $R/mmap/$name; $MERGE --job-end-time $2 --shared-redux --output $R/$LOGS/$PFX$name.darshan $R/mmap/$name/*.darshan
	echo "   merged rc=$? $(ls -l $R/$LOGS/$PFX$name.darshan | cut -d' ' -f5) B"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
cold() { sync; $SRC/throttle.sh remount; }
# a time limit striking mid-write: SIGTERM to mpirun (which passes it on to the ranks) once the checkpoint
# files hold $2 MiB; a fixed limit would strike in the compute or in the write by the load's whim
killat() { name=$1 mib=$2; shift 2; hdr "$name np 4 (SIGTERM at $mib MiB written): $*"; mmapdir $name
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np 4 -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$SRC/darshan-big.conf -x DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan \
		-x DARSHAN_MMAP_LOGPATH=$R/mmap/$name -x DXT_ENABLE_IO_TRACE=1 "$@" & pid=$!; s=$(date +%s.%N)
	while kill -0 $pid 2>/dev/null && [ $(stat -c %s $T/out/ck.* 2>/dev/null | awk '{t+=$1} END{print t+0}') -lt $((mib << 20)) ]; do sleep 0.05; done
	kill -TERM $pid; end=$(date +%s); wait $pid
	echo "   rc=$? killed after $(echo "$(date +%s.%N) - $s" | bc) s, $(stat -c %s $T/out/ck.* | awk '{t+=$1} END{print t+0}') B written, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"
	merged $name $end; }
# fine, clean ends (local disk)
only short-fpp   && { rm -f out/short.*; DXT=1 mpi short-fpp 8 $A short 256 100 10 out/short; }
only ftn-solve   && { rm -f out/fs.*; mpi ftn-solve 4 $F solve in/solve.nml out/fs; }
only py-eig      && { rm -f out/eig.npy; one py-eig $P eig in/mat.npy out/eig.npy 2; }
only tail-compute && { rm -f out/tail.dat; DXT=1 mpi tail-compute 4 $A tail 512 240 10 out/tail.dat 2.5; }
only open-tables && { DXT=1 mpi open-tables 4 $A tables 256 1000 10 in/tab 64; }
only xz-pack     && { rm -f in/log10.txt.xz; one xz-pack xz -6 -T1 -k -f in/log10.txt; }
only end-coll    && { rm -f out/endcoll.dat; DXT=1 mpi end-coll 8 $A endcoll 256 100 10 out/endcoll.dat; }
only sort-pipe   && { rm -rf out/tmp; mkdir -p out/tmp; one sort-pipe sort -S 4M -T out/tmp in/words.txt | LC_ALL=C uniq -c | LC_ALL=C sort -rn > out/counts.txt; }
# one real problem each (A), and the better twin (B) where one exists
only kill-ckpt   && { rm -f $T/out/ck.*; killat kill-ckpt 64 $A ckpt 4096 10 10 $T/out/ck 64; }
only kill-py     && { rm -f out/rows.txt; hdr "kill-py: timeout -s KILL 12"; mmapdir kill-py; s=$(date +%s.%N)
	timeout -s KILL 12 env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$SRC/darshan-big.conf DXT_ENABLE_IO_TRACE=1 \
		DARSHAN_MMAP_LOGPATH=$R/mmap/kill-py DARSHAN_LOGFILE=$R/$LOGS/${PFX}kill-py.darshan $P rows out/rows.txt 100000
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $s" | bc) s, $(wc -l < out/rows.txt) rows, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"
	merged kill-py $(date +%s); }
only rank0-tail  && { rm -f $T/out/r0.dat; mpi rank0-tail 4 $A rank0 64 200 10 $T/out/r0.dat 0; }
only rank0-buf   && { rm -f $T/out/r0.dat; mpi rank0-buf 4 $A rank0 64 200 10 $T/out/r0.dat 4096; }
only rank0-each  && { rm -f $T/out/r0.dat*; mpi rank0-each 4 $A rank0 64 200 10 $T/out/r0.dat -1; }
only vars-end    && { rm -rf $T/out/vars; mkdir -p $T/out/vars; mpi vars-end 4 $A vars 512 40 10 $T/out/vars 200 16 files; }
only vars-one    && { rm -rf $T/out/vars; mkdir -p $T/out/vars; mpi vars-one 4 $A vars 512 40 10 $T/out/vars 200 16 one; }
only ftn-flush   && { rm -f $T/out/diag.*; mpi ftn-flush 2 $F diag in/diag.nml $T/out/diag flush; }
only ftn-noflush && { rm -f $T/out/diag.*; mpi ftn-noflush 2 $F diag in/diag.nml $T/out/diag noflush; }
only py-fullread && { cold; one py-fullread $P slab $T/in/big.npy full 0 2048; }
only py-mmapread && { cold; one py-mmapread $P slab $T/in/big.npy mmap 0 2048; }
ls -l $LOGS
