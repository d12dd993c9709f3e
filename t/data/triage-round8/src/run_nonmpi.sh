#!/bin/sh
# non-MPI programs under Darshan 3.5.0 (LD_PRELOAD, DARSHAN_ENABLE_NONMPI=1), as rounds 4-7
cd /tmp/labels8-run
L=/tmp/labels4-inst/lib/libdarshan.so
run() { name=$1; shift; echo "== $name: $*"; /usr/bin/env LD_PRELOAD=$L DARSHAN_ENABLE_NONMPI=1 DARSHAN_LOGFILE=/tmp/labels8-run/logs/$name.darshan "$@"; echo "rc=$?"; }
dontneed() { for f; do python3 -c "import os,sys; fd=os.open(sys.argv[1],os.O_RDONLY); os.posix_fadvise(fd,0,0,os.POSIX_FADV_DONTNEED)" "$f"; done; }
mkdir -p out logs/reruns
case ${1:-all} in
all)
dontneed in/a256.dat; run r8-reread-same ./ser8 read in/a256.dat in/a256.dat
dontneed in/a256.dat in/b256.dat; run r8-read-two ./ser8 read in/a256.dat in/b256.dat
run r8-short-4k ./ser8 w4k out/short4k.dat 50000
run r8-osync ./ser8 osync out/osync.dat 512 64
rm -f out/wal-full.db* out/wal-normal.db*
run r8-sqlite-wal-full sqlite3 out/wal-full.db ".read in/wal-full.sql"
run r8-sqlite-wal-normal sqlite3 out/wal-normal.db ".read in/wal-normal.sql"
run r8-write-2g ./ser8 big out/w2g.dat 2048
dontneed in/c1g.dat; run r8-stdio-fread ./ser8 fread in/c1g.dat
;;
reruns)
for i in 2 3 4; do run reruns/r8-short-4k-$i ./ser8 w4k out/short4k.dat 50000; done
;;
esac
