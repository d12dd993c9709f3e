#!/bin/sh
# Round 37's SQL (round 34's sqlgen34.sh with the journal mode a parameter): N one-row INSERTs, each its own
# transaction ("row") or all in one BEGIN ... COMMIT ("batch"), journal_mode JOURNAL (WAL or DELETE).
n=$1 mode=$2 journal=$3
echo "PRAGMA journal_mode=$journal; CREATE TABLE IF NOT EXISTS t(id INTEGER PRIMARY KEY, name TEXT, v REAL);"
[ "$mode" = batch ] && echo "BEGIN;"
awk -v n="$n" 'BEGIN{for(i=0;i<n;i++) printf "INSERT INTO t(name, v) VALUES(%cname_%06d%c, %d.25);\n", 39, i, 39, i}'
[ "$mode" = batch ] && echo "COMMIT;"
echo "SELECT count(*), sum(v) FROM t;"
