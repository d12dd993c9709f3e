#!/bin/sh
# mksql.sh N tx|notx: N inserts of a 100-character row, with or without one enclosing transaction
n=$1 mode=$2
echo "CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT);"
[ "$mode" = tx ] && echo "BEGIN;"
i=0; while [ $i -lt $n ]; do printf "INSERT INTO t(v) VALUES('%0100d');\n" $i; i=$((i+1)); done
[ "$mode" = tx ] && echo "COMMIT;"
exit 0
