#!/bin/bash
# Round 52's fill-value twins (added after the labelled runs and the first look at their counters, before any
# label): parallel HDF5 writes every chunk of an extended dataset twice (its fill value at allocation, then the
# data); h5p52b is h5p52 from the same source, H5P52_NOFILL=1 sets H5Pset_fill_time(NEVER). A B pairs.
R=/tmp/labels52/run; T=/tmp/labels52/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so; CONF=/tmp/labels52/src/darshan-big.conf
echo $$ > /sys/fs/cgroup/blkio/labels52/cgroup.procs
cd $R
mpi() { name=$1 np=$2; shift 2; echo "== $name np $np: $* ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$CONF -x DARSHAN_LOGFILE=$R/reruns/r52-labels52-$name.darshan ${NF:+-x H5P52_NOFILL=1} ${WAL:+-x APP52_WAL=1} "$@"
	echo "   rc=$? end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
for p in 1 2; do
	rm -f out/eb.h5; mpi fl$p-ext-big 4 ./h5p52b ext-big 128 200 3 1 out/eb.h5
	rm -f out/eb.h5; NF=1 mpi fl$p-ext-big-nofill 4 ./h5p52b ext-big 128 200 3 1 out/eb.h5
	rm -f $T/out/fl.h5; mpi fl$p-h5p-flush 4 ./h5p52b flush 4 200 40 1 $T/out/fl.h5
	rm -f $T/out/fl.h5; NF=1 mpi fl$p-h5p-flush-nofill 4 ./h5p52b flush 4 200 40 1 $T/out/fl.h5
done
rm -f out/es.h5; mpi fl1-ext-small 4 ./h5p52b ext-small 128 200 3 1 out/es.h5
rm -f out/es.h5; NF=1 mpi fl1-ext-small-nofill 4 ./h5p52b ext-small 128 200 3 1 out/es.h5
# sql-batch against the same store in WAL mode with synchronous=NORMAL (app52b: app52 from the same source,
# APP52_WAL=1), 2 A B pairs, local disk
for p in 1 2; do
	rm -f out/b.db*; mpi fl$p-sql-batch 1 ./app52b sql 65536 400000 20000 out/b.db
	rm -f out/b.db*; WAL=1 mpi fl$p-sql-wal 1 ./app52b sql 65536 400000 20000 out/b.db
done
