#!/bin/bash
# Round 176's runs (labels176): sequence database search (BLAST/DIAMOND/MMseqs2-like). Real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is), round 169's darshan-big.conf. Adapted from round 169's run_all.sh.
# PASS=lab: labelled logs (logs/r176-NAME) and each problem's twin (reruns/r176-labels176-tw-TWIN); PASS=ab1|ab2:
# reruns (reruns/r176-labels176-PASS-NAME). Run as root after `throttle.sh up`: puts itself in blkio cgroup labels176.
R=/tmp/labels176/run; S=/tmp/labels176/src; T=/tmp/labels176/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels176/cgroup.procs
cd $R; mkdir -p logs reruns data j
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r176-$1.darshan;; lab:W) echo $R/reruns/r176-labels176-tw-$1.darshan;;
	*:W) echo $R/reruns/r176-labels176-$PASS-tw-$1.darshan;; *) echo $R/reruns/r176-labels176-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} \
		${COMPUTE:+-x COMPUTE=$COMPUTE} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
# drop a file's pages from the page cache (so each run reads its DB from the device, as a cold node would)
cold() { python3 -c 'import os,sys
for f in sys.argv[1:]:
    fd=os.open(f,os.O_RDONLY); os.posix_fadvise(fd,0,0,os.POSIX_FADV_DONTNEED); os.close(fd)' "$@"; }
# prep (not logged): DB on the throttled mount: 4 MiB index, 1 MiB queries, 64 MiB sequence volume; on local disk
# a DB of 8 volumes (7 x 8 MiB + a 3 MiB remainder) and a query file
if [ ! -f $T/db/seq.idx ]; then mkdir -p $T/db
	./app176 gen $T/db/seq.idx 4; ./app176 gen $T/db/query.fa 1; ./app176 gen $T/db/seq.vol 64; fi
if [ ! -f data/vdb/db.07 ]; then mkdir -p data/vdb
	for i in 0 1 2 3 4 5 6; do ./app176 gen data/vdb/db.0$i 8; done; ./app176 gen data/vdb/db.07 3; fi
sync
# fine (throttled sync mount): every rank reads the whole 4 MiB index (2 MiB preads) and the 1 MiB query file, its
# quarter of the 64 MiB volume in 1 MiB preads; 8 "batches" of alignment; per-rank tabular spill (fprintf) in a temp
# dir on node-local disk (j/spill, as --tmpdir on local scratch), read back once, merged hits written with MPI_File_write_at_all to one result file; rank 0 fprintf log
only search && { fresh $T/tmp; fresh /tmp/labels176/run/j/spill; cold $T/db/seq.idx $T/db/query.fa $T/db/seq.vol
	COMPUTE=${CS:-40} DXT=1 mpi search L 4 ./app176 search $T/db/seq.idx $T/db/query.fa $T/db/seq.vol j/spill $T/tmp/hits.m8 6000; }
# fine (local disk): 8 ranks, a DB in 8 volumes, each rank reads its volume whole in 4 MiB reads, one 2 MiB result
# write to its own file; rank 0's small fprintf log
only volumes && { fresh j/vol; cold data/vdb/db.*; COMPUTE=${CV:-40} DXT=1 mpi volumes L 8 ./app176 volumes data/vdb j/vol; }
# problem (throttled sync mount): one result file per query (4 ranks x 100 queries x 2 batches = 800 files of ~1.1 KB);
# twin: one result file per rank per batch
only qstorm && { fresh $T/q; COMPUTE=${CQ:-10} DXT=1 mpi qstorm L 4 ./app176 qstorm $T/db/query.fa $T/q 100 2 file;
	fresh $T/q; COMPUTE=${CQ:-10} DXT=1 mpi qstorm-perbatch W 4 ./app176 qstorm $T/db/query.fa $T/q 100 2 rank; }
# problem (throttled sync mount): 6 query batches, every batch re-reads the rank's 16 MiB partition of the 64 MiB
# volume from the device; twin: read once, kept in memory
only reread && { fresh $T/r; cold $T/db/seq.vol; COMPUTE=${CR:-10} DXT=1 mpi reread L 4 ./app176 reread $T/db/seq.vol $T/r 6 reread;
	fresh $T/r; cold $T/db/seq.vol; COMPUTE=${CR:-10} DXT=1 mpi reread-once W 4 ./app176 reread $T/db/seq.vol $T/r 6 once; }
# fine as planned in a second batch (throttled sync mount): mpiBLAST-like master/worker, rank 0 reads the 4 MiB index,
# the 1 MiB queries and the whole 64 MiB volume (4 MiB preads), scatters the volume, broadcasts the rest; hits (1 MiB
# a rank) gathered to rank 0, which writes the 4 MiB report with fwrite (1 MiB stdio buffer); twin: every rank reads
# the index, the queries and its part of the volume itself (the same on this one-device storage?)
only master && { fresh $T/m; cold $T/db/seq.idx $T/db/query.fa $T/db/seq.vol
	COMPUTE=${CM:-30} DXT=1 mpi master L 4 ./app176 master $T/db/seq.idx $T/db/query.fa $T/db/seq.vol $T/m/report.m8 root
	fresh $T/m; cold $T/db/seq.idx $T/db/query.fa $T/db/seq.vol
	COMPUTE=${CM:-30} DXT=1 mpi master-allread W 4 ./app176 master $T/db/seq.idx $T/db/query.fa $T/db/seq.vol $T/m/report.m8 all; }
# problem (throttled async mount mnt2): restartable search, each rank appends each query's hits (~1.1 KB, one write)
# to its own result file and fsyncs after every query (4 ranks x 300 queries); twin: one fsync at the end
T2=/tmp/labels176/mnt2
only resume && { fresh $T2/res; COMPUTE=${CF:-10} DXT=1 mpi resume L 4 ./app176 resume $T/db/query.fa $T2/res 300 query;
	fresh $T2/res; COMPUTE=${CF:-10} DXT=1 mpi resume-endsync W 4 ./app176 resume $T/db/query.fa $T2/res 300 end; }
ls -l logs reruns | tail -3
