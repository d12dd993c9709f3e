#!/bin/sh
# iolens context: a verdict needs a difference that matters (issue 24).
# 35 earlier jobs all wrote 268,437,721 bytes: a job 3 bytes short of them
# is normal, one 100 MB short is unusually low; counts print as integers.
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || skip_all "sqlite3 is not installed"

DB=$TMP/c.db
{
	echo "CREATE TABLE jobs (id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, user TEXT, app TEXT, start_time REAL, end_time REAL, partial INTEGER, nprocs INTEGER, bytes_read INTEGER, bytes_written INTEGER, files INTEGER, mib_s REAL);"
	i=1
	while [ $i -le 35 ]; do
		echo "INSERT INTO jobs VALUES ($i, '/l/j$i', 'alice', 'ckpt', $((1000 + i)), $((1010 + i)), 0, 4, 0, 268437721, 2, $((100 + i % 7)).5);"
		i=$((i + 1))
	done
	echo "INSERT INTO jobs VALUES (36, '/l/j36', 'alice', 'ckpt', 2000, 2010, 0, 4, 0, 268437718, 2, 100.25);"
	echo "INSERT INTO jobs VALUES (37, '/l/j37', 'alice', 'ckpt', 2001, 2010, 0, 4, 0, 168437718, 2, 50);"
} | sqlite3 "$DB"

$RUN context --wide --db "$DB" /l/j36 >"$TMP/o" 2>"$TMP/err"
ok $? "context exits 0"
is "$(awk '$1 == "bytes" { print $2, $3, $NF }' "$TMP/o")" "256.0 MiB normal" \
	"3 bytes short of 35 equal jobs: normal, in binary units for people"
is "$(awk '$1 == "MiB/s" { print $NF }' "$TMP/o")" "normal" \
	"0.25 MiB/s under the lowest earlier job, 3 % from the median: normal"
is "$(awk '$1 == "files" { print $2, $3, $6 }' "$TMP/o")" "2 35 2" "files print as integers"
tr '\n' ' ' < "$TMP/o" | grep -q "ties counting half"
ok $? "the text states the percentile definition"
$RUN context --wide --db "$DB" /l/j37 >"$TMP/o"
is "$(awk '$1 == "bytes" || $1 == "MiB/s" { print $1, $(NF-1), $NF }' "$TMP/o" | tr '\n' ' ')" \
	"MiB/s unusually low bytes unusually low " "100 MB and half the speed short: unusually low"
$RUN context --db "$DB" --format csv /l/j36 >"$TMP/o.csv"
is "$(awk -F, '$4 == "bytes" { print $5 }' "$TMP/o.csv")" 268437718 "CSV: the byte count as an integer"

# groups --by nprocs and --by size: process counts and their classes,
# told apart and labelled
$RUN groups --wide --db "$DB" --by size >"$TMP/s.txt"
tr '\n' ' ' < "$TMP/s.txt" | grep -q "every class here holds one process count, so the groups are those of --by nprocs"
ok $? "--by size says when its classes are the groups of --by nprocs"
sqlite3 "$DB" "UPDATE jobs SET nprocs = 3 WHERE id < 10; UPDATE jobs SET nprocs = 5 WHERE id BETWEEN 10 AND 15"
$RUN groups --wide --db "$DB" --by nprocs >"$TMP/n.txt"
$RUN groups --wide --db "$DB" --by size >"$TMP/s.txt"
is "$(awk '/^nprocs  / { f = 1; next } f && NF == 0 { exit } f { printf "%s:%s ", $1, $2 }' "$TMP/n.txt")" \
	"3:9 4:22 5:6 " "--by nprocs: one group per process count"
is "$(awk '/^nprocs class/ { f = 1; next } f && NF == 0 { exit } f { printf "%s:%s ", $1, $2 }' "$TMP/s.txt")" \
	"2-3:9 4-7:28 " "--by size: classes labelled by their range, 4 and 5 together"
! tr '\n' ' ' < "$TMP/s.txt" | grep -q "holds one process count"
ok $? "and no claim that they match --by nprocs"

done_testing
