#!/bin/sh
# The labelled runs of round 22: real IOR 4.1.0+dev / mdtest (built from hpc/ior's HEAD), dd, sqlite3, tar
# under the real Darshan 3.5.0 runtime (/tmp/labels14/darshan-rt, used as it is).
R=/tmp/labels22/run; IOR=/tmp/labels22/ior/src/ior; MDT=/tmp/labels22/ior/src/mdtest
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
cd $R; mkdir -p out logs
t0() { s=$(date +%s.%N); }
t1() { echo "   wall $(echo "$(date +%s.%N) - $s" | bc) s rc=$1"; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 np=$2 conf=$3; shift 3; hdr "$name np $np: $*"; t0
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$R/src/$conf -x DARSHAN_LOGFILE=$R/logs/r22-$name.darshan ${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@" >$R/logs/r22-$name.out 2>&1; t1 $?; }
ser() { name=$1; shift; hdr "$name: $*"; t0
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_MODMEM=16 DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf \
		DARSHAN_LOGFILE=$R/logs/r22-$name.darshan "$@"; t1 $?; }
rm -rf out/*
mpi ior-fpp-posix-1m 4 darshan-big.conf $IOR -a POSIX -F -t 1m -b 32m -w -r -e -C -i 1 -o $R/out/fpp
mpi ior-ssf-posix-4k 4 darshan-big.conf $IOR -a POSIX -t 4k -b 8m -w -r -i 1 -o $R/out/ssf4k
mpi ior-ssf-posix-1m 4 darshan-big.conf $IOR -a POSIX -t 1m -b 8m -w -r -i 1 -o $R/out/ssf1m
mpi ior-mpiio-indep-64k 4 darshan-big.conf $IOR -a MPIIO -t 64k -b 16m -w -r -i 1 -o $R/out/mi64k
mpi ior-mpiio-coll-64k 4 darshan-big.conf $IOR -a MPIIO -c -t 64k -b 16m -w -r -i 1 -o $R/out/mc64k
mpi ior-mpiio-coll-16m 8 darshan-big.conf $IOR -a MPIIO -c -t 16m -b 16m -w -r -C -i 1 -o $R/out/mc16m
mpi ior-rand-4k 4 darshan-big.conf $IOR -a POSIX -z -t 4k -b 4m -w -r -i 1 -o $R/out/rand4k
DXT=1 mpi ior-fsync-each 2 darshan-big.conf $IOR -a POSIX -Y -t 64k -b 8m -w -i 1 -o $R/out/fsy
mpi ior-fpp-8r-16m 8 darshan-big.conf $IOR -a POSIX -F -t 16m -b 32m -w -r -e -i 1 -o $R/out/fpp8
mpi mdtest-shared 4 darshan-big.conf $MDT -F -n 1250 -i 1 -d $R/out/md-shared
mpi mdtest-unique 4 darshan-default.conf $MDT -F -u -n 2500 -i 1 -d $R/out/md-unique
rm -f out/dd*; ser dd-512 dd if=/dev/zero of=$R/out/dd512.dat bs=512 count=131072
ser dd-4m dd if=/dev/zero of=$R/out/dd4m.dat bs=4M count=16
sh src/mksql.sh 1000 notx >out/notx.sql; sh src/mksql.sh 1000 tx >out/tx.sql; rm -f out/*.db
hdr sqlite-autocommit; t0; env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_MODMEM=16 DARSHAN_LOGFILE=$R/logs/r22-sqlite-autocommit.darshan sqlite3 out/a.db <out/notx.sql; t1 $?
hdr sqlite-tx; t0; env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_MODMEM=16 DARSHAN_LOGFILE=$R/logs/r22-sqlite-tx.darshan sqlite3 out/t.db <out/tx.sql; t1 $?
# tar forks gzip: the log path, not one log file, so that the two processes do not write the same file
rm -rf logs/tar; mkdir -p logs/tar/$(date -u +%Y/%-m/%-d) logs/tar/$(date +%Y/%-m/%-d); hdr tar-czf; t0
env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_MODMEM=16 DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf DARSHAN_LOGPATH=$R/logs/tar tar -czf out/tree.tgz tree; t1 $?
find logs/tar -name "*_tar_*" -exec cp {} logs/r22-tar-czf.darshan \;
ls -l logs
