#!/bin/sh
# non-MPI programs under Darshan (LD_PRELOAD, DARSHAN_ENABLE_NONMPI=1)
cd /tmp/labels4-run
L=/tmp/labels4-inst/lib/libdarshan.so
run() { name=$1; shift; echo "== $name: $*"; /usr/bin/env LD_PRELOAD=$L DARSHAN_ENABLE_NONMPI=1 DARSHAN_LOGFILE=/tmp/labels4-run/logs/r4-$name.darshan "$@"; echo "rc=$?"; }
mkdir -p out
run stdio-log ./stdio_log out/progress.log
run stdio-bulk ./stdio_bulk out/bulk.dat
run stdio-fgets ./stdio_fgets in/table.csv
run rand-read ./rand_read in/big.dat 40000
run fsync-journal ./fsync_journal out/journal.dat 3000
run stat-storm ./stat_storm in/tree 1500 20
run tar-tree tar cf out/tree.tar -C in tree
run dd-dsync dd if=/dev/zero of=out/dsync.dat bs=4k count=4000 oflag=dsync
