#!/bin/sh
# A B A B A B: the queries as r12-sqlite-select (A) against the same with PRAGMA mmap_size=300000000 (B, reads through a
# mapping Darshan does not see), pages of the database dropped before each run; wall time by date +%s.%N
cd /tmp/labels12-run
mkdir -p reruns
run() { name=$1; shift; ./ser12 dontneed in/db.sqlite; t0=$(date +%s.%N)
	LD_PRELOAD=/tmp/labels4-inst/lib/libdarshan.so DARSHAN_ENABLE_NONMPI=1 DARSHAN_LOGFILE=/tmp/labels12-run/reruns/r12-$name.darshan \
		sqlite3 -readonly "$@" in/db.sqlite <in/queries.sql >out/sqlite.out; t1=$(date +%s.%N)
	echo "== $name ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg)): $(echo "$t1 - $t0" | bc) s, $(tail -1 out/sqlite.out)"; }
for k in 1 2 3; do
	run sqlite-select-ab$k
	run sqlite-mmap-ab$k -cmd "PRAGMA mmap_size=300000000"
done
