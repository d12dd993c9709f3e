#!/bin/sh
# a 200 MB sqlite database, made without Darshan: 200000 rows of a 1000-byte blob, primary key id
cd /tmp/labels12-run
rm -f in/db.sqlite
sqlite3 in/db.sqlite "CREATE TABLE t(id INTEGER PRIMARY KEY, k INTEGER, v BLOB); WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM c WHERE i<200000) INSERT INTO t SELECT i, (i*7919)%200000, randomblob(1000) FROM c;"
# the queries: 3000 point SELECTs at pseudo-random ids, then one full scan
awk 'BEGIN { srand(12); for (i = 0; i < 3000; i++) printf "SELECT length(v) FROM t WHERE id=%d;\n", int(rand()*200000)+1; print "SELECT count(*), sum(length(v)) FROM t WHERE k % 97 = 3;" }' >in/queries.sql
