#!/bin/bash
# Round 52's runs: jobs whose I/O goes through a library's file format (src/h5p52.c, h5s52.c, app52.c,
# ftn52.f90, py52.py) under the real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is).
# PASS=lab: the labelled logs (logs/r52-NAME) and each problem's twin after it (reruns/r52-labels52-tw-TWIN);
# PASS=ab1|ab2: reruns of all 14 and the twins (reruns/r52-labels52-PASS-NAME). Run as root after
# `throttle.sh up`: this script puts itself in the blkio cgroup labels52 (only the loop devices are limited).
R=/tmp/labels52/run; S=/tmp/labels52/src; T=/tmp/labels52/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so; CONF=$S/darshan-big.conf
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels52/cgroup.procs
cd $R; mkdir -p out logs reruns $T/out
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r52-$1.darshan;; lab:W) echo $R/reruns/r52-labels52-tw-$1.darshan;;
	*) echo $R/reruns/r52-labels52-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
# mpi NAME L|W NP PROG ARGS: L = a labelled program, W = a twin
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$CONF -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
one() { name=$1 kind=$2; shift 2; hdr "$name: $*"
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$CONF DARSHAN_LOGFILE=$(logname $name $kind) \
		${DXT:+DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
sync; echo 3 > /proc/sys/vm/drop_caches 2>/dev/null   # the throttled files are read cold
# fine: parallel HDF5, 4 ranks, a contiguous dataset of the whole 16 MiB field every 15 steps, collective (throttled)
only h5p-coll && { rm -f $T/out/c.h5; DXT=1 mpi h5p-coll L 4 ./h5p52 coll 512 60 10 15 $T/out/c.h5; }
# problem: a step attribute and H5Fflush every step of an extended dataset (throttled); twin: one flush at close
only h5p-flush && { rm -f $T/out/fl.h5; DXT=1 mpi h5p-flush L 4 ./h5p52 flush 4 200 40 1 $T/out/fl.h5
	rm -f $T/out/fl.h5; DXT=1 mpi h5p-flush-end W 4 ./h5p52 flush-end 4 200 40 1 $T/out/fl.h5; }
# fine: a dataset extended every step, chunk = one step's 4 MiB row, collective (local)
only h5p-ext-big && { rm -f out/eb.h5; DXT=1 mpi h5p-ext-big L 4 ./h5p52 ext-big 128 200 3 1 out/eb.h5; }
# problem: the same with 8 KiB chunks and HDF5's default independent transfer (local); twin: ext-big itself
only h5p-ext-small && { rm -f out/es.h5; mpi h5p-ext-small L 4 ./h5p52 ext-small 128 200 3 1 out/es.h5
	rm -f out/eb.h5; DXT=1 mpi h5p-ext-big W 4 ./h5p52 ext-big 128 200 3 1 out/eb.h5; }
# fine: serial HDF5, 48 contiguous 4 MiB datasets in one file (local)
only h5s-contig && { rm -f out/s.h5; DXT=1 one h5s-contig L ./h5s52 contig 48 60 out/s.h5; }
# problem: column blocks of a deflated, row-chunked dataset through HDF5's default 1 MiB chunk cache (local);
# twin: a 64 MiB chunk cache (H5Pset_cache)
only h5s-colread && { DXT=1 one h5s-colread L ./h5s52 colread 1 in/field.h5
	DXT=1 one h5s-colread-cache W ./h5s52 colread 64 in/field.h5; }
# fine: sqlite3 results store, 400000 rows in 20 transactions, 64 MiB page cache (local)
only sql-batch && { rm -f out/b.db; mpi sql-batch L 1 ./app52 sql 65536 400000 20000 out/b.db; }
# problem: the same store with a 256 KiB page cache (cache spill) on the throttled sync mount; twin: 64 MiB
only sql-smallcache && { mpi sql-smallcache L 1 ./app52 sql 256 24000 6000 $T/out/q.db
	mpi sql-bigcache W 1 ./app52 sql 65536 24000 6000 $T/out/q.db; }
# fine: own record format, 4 ranks, 256 KiB records, header and index once at close (local)
only rec-end && { rm -f out/re.*; DXT=1 mpi rec-end L 4 ./app52 rec end 300 256 60 out/re; }
# problem: the header and index entry pwritten in place after every record (throttled sync); twin: at close
only rec-each && { rm -f $T/out/rr.*; DXT=1 mpi rec-each L 2 ./app52 rec each 300 32 6 $T/out/rr
	rm -f $T/out/rr.*; DXT=1 mpi rec-end-slow W 2 ./app52 rec end 300 32 6 $T/out/rr; }
# fine: zlib gzprintf of 200000 lines, default buffer (local)
only gz-default && { rm -f out/g.gz; DXT=1 mpi gz-default L 1 ./app52 gz noflush 200000 out/g.gz; }
# problem: gzflush(Z_SYNC_FLUSH) after every line (throttled sync); twin: no flush
only gz-flush && { rm -f $T/out/g.gz; DXT=1 mpi gz-flush L 1 ./app52 gz flush 2500 $T/out/g.gz
	rm -f $T/out/g.gz; DXT=1 mpi gz-noflush W 1 ./app52 gz noflush 2500 $T/out/g.gz; }
# fine: Fortran stream snapshots, 4 ranks (local)
only ftn-stream && { rm -f out/f.*; DXT=1 mpi ftn-stream L 4 ./ftn52 262144 200 20 out/f; }
# fine: numpy np.savez every 30 steps (local)
only py-npz && { rm -f out/py_*; DXT=1 one py-npz L /usr/bin/python3 $S/py52.py 300 30 512 out/py; }
ls -l logs reruns | tail -3
