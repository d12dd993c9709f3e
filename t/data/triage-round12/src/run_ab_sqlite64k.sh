#!/bin/sh
# A B A B A B: the queries on in/db.sqlite (4 KiB pages, A) against in/db64k.sqlite (64 KiB pages, B), pages dropped first
cd /tmp/labels12-run
run() { name=$1 db=$2; ./ser12 dontneed $db; t0=$(date +%s.%N)
	LD_PRELOAD=/tmp/labels4-inst/lib/libdarshan.so DARSHAN_ENABLE_NONMPI=1 DARSHAN_LOGFILE=/tmp/labels12-run/reruns/r12-$name.darshan \
		sqlite3 -readonly $db <in/queries.sql >out/sqlite.out; t1=$(date +%s.%N)
	echo "== $name ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg)): $(echo "$t1 - $t0" | bc) s, $(tail -1 out/sqlite.out)"; }
for k in 1 2 3 4; do
	run sqlite-4k-ab$k in/db.sqlite
	run sqlite-64k-ab$k in/db64k.sqlite
done
