#!/bin/sh
# sqlite3 (Debian 3.40.1 CLI) under Darshan, non-MPI; pages of the database dropped first
cd /tmp/labels12-run
./ser12 dontneed in/db.sqlite
echo "== sqlite-select ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"
LD_PRELOAD=/tmp/labels4-inst/lib/libdarshan.so DARSHAN_ENABLE_NONMPI=1 DARSHAN_LOGFILE=/tmp/labels12-run/logs/r12-sqlite-select.darshan \
	sqlite3 -readonly in/db.sqlite <in/queries.sql >out/sqlite.out; echo "rc=$?"
