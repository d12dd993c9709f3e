#!/bin/sh
# Round 34's SQL: N inserts of one row into a table, each its own transaction (autocommit, "row") or all in
# one BEGIN ... COMMIT ("batch"). Prints the script on stdout for `sqlite3 DB < script`.
n=$1 mode=$2
echo "PRAGMA journal_mode=DELETE; CREATE TABLE IF NOT EXISTS t(id INTEGER PRIMARY KEY, name TEXT, v REAL);"
[ "$mode" = batch ] && echo "BEGIN;"
awk -v n="$n" 'BEGIN{for(i=0;i<n;i++) printf "INSERT INTO t(name, v) VALUES(%cname_%06d%c, %d.25);\n", 39, i, 39, i}'
[ "$mode" = batch ] && echo "COMMIT;"
echo "SELECT count(*), sum(v) FROM t;"
