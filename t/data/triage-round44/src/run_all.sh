#!/bin/sh
# Round 44's runs: an ordinary day's jobs (src/app44.c, src/heat44.f90, sort, gzip) under the real Darshan 3.5.0
# runtime /tmp/labels14/darshan-rt (used as it is). LOGS=dir PFX=name prefix; ONLY="names" picks jobs.
# Local disk: /tmp/labels44/run (ext4 on the VM's virtio disk). Throttled: /tmp/labels44/mnt (-o sync) and
# /tmp/labels44/mntwb (write-back), see throttle.sh; this script puts itself in the blkio cgroup labels44.
R=/tmp/labels44/run; A=$R/app44; H=$R/heat44; SRC=/work/labels44/t/data/triage-round44/src
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so; T=/tmp/labels44/mnt; W=/tmp/labels44/mntwb
LOGS=${LOGS:-logs}; PFX=${PFX:-r44-}
echo $$ > /sys/fs/cgroup/blkio/labels44/cgroup.procs
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
cold() { for f; do dd if=$f iflag=nocache count=0 status=none; done; }   # drop this file's page cache only
# fine: compute-bound codes, I/O small or done well
only md-ckpt     && { rm -f out/md.*; DXT=1 mpi md-ckpt 4 $A md 3000 250 out/md; }
only heat-f90    && { rm -f out/heat.bin; DXT=1 mpi heat-f90 4 $H 1024 10000 out/heat.bin; }
only restart-coll && { cold $T/in/restart.bin; rm -f $T/out/restart.new; DXT=1 mpi restart-coll 4 $A restart 1048576 15 10 $T/in/restart.bin $T/out/restart.new; }
only sweep-mc    && { DXT=1 mpi sweep-mc 8 $A sweep 64 10000000 out/sweep.tsv; }
only sort-csv    && { rm -f out/events.sorted; DXT=1 one sort-csv sort -t, -k2,2g -k5,5g -S 64M -T out -o out/events.sorted in/events.csv; }
only spectra     && { rm -f out/spec.*; DXT=1 mpi spectra 2 $A spectra in/signal.f32 2048 out/spec; }
only gzip-field  && { rm -f in/field.txt.gz; DXT=1 one gzip-field gzip -6 -k -f in/field.txt; }
only cg-solve    && { cold $T/in/matrix.bin; rm -f $T/out/cg.log; DXT=1 mpi cg-solve 8 $A cg $T/in/matrix.bin 2048 1500 $T/out/cg.log; }
# one real problem each (A), with the better twin (B)
only hist-reopen && { rm -f $T/out/hist.*; DXT=1 mpi hist-reopen 4 $A history 65536 300 3 $T/out/hist reopen; }
only hist-keep   && { rm -f $T/out/hist.*; DXT=1 mpi hist-keep 4 $A history 65536 300 3 $T/out/hist keep; }
only ckpt-fsync  && { rm -f $W/out/ck.*; DXT=1 mpi ckpt-fsync 2 $A ckpt 262144 40 40 10 2 8 $W/out/ck each; }
only ckpt-end    && { rm -f $W/out/ck.*; DXT=1 mpi ckpt-end 2 $A ckpt 262144 40 40 10 2 8 $W/out/ck end; }
only shared-indep && { rm -f $T/out/sh.*; DXT=1 mpi shared-indep 4 $A shared 524288 30 10 10 $T/out/sh indep; }
only shared-coll && { rm -f $T/out/sh.*; DXT=1 mpi shared-coll 4 $A shared 524288 30 10 10 $T/out/sh coll; }
only dump-text   && { rm -f out/dump.*; DXT=1 mpi dump-text 4 $A textdump 524288 20 20 out/dump.txt text; }
only dump-bin    && { rm -f out/dump.*; DXT=1 mpi dump-bin 4 $A textdump 524288 20 20 out/dump.bin bin; }
only lookup-pread && { mpi lookup-pread 1 $A lookup in/table.bin 3000000 each; }
only lookup-once && { mpi lookup-once 1 $A lookup in/table.bin 3000000 once; }
only series-unbuf && { rm -f out/ser.*; mpi series-unbuf 2 $A series 262144 100 20 1000000 out/ser unbuf; }
only series-buf  && { rm -f out/ser.*; mpi series-buf 2 $A series 262144 100 20 1000000 out/ser buf; }
ls -l $LOGS
