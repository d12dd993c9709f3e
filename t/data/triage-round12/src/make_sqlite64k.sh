#!/bin/sh
# the twin database: the same rows (the same randomblob calls give other bytes) with PRAGMA page_size=65536, without Darshan
cd /tmp/labels12-run
rm -f in/db64k.sqlite
sqlite3 in/db64k.sqlite "PRAGMA page_size=65536; CREATE TABLE t(id INTEGER PRIMARY KEY, k INTEGER, v BLOB); WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM c WHERE i<200000) INSERT INTO t SELECT i, (i*7919)%200000, randomblob(1000) FROM c;"
