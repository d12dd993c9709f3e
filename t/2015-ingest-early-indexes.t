#!/bin/sh
# A new store's 28 job indexes are built when the walk ends, on the rows
# of its first two thirds of logs, while the decoders go on with the last
# third, whose rows are then added to the indexes one by one (ingest.c,
# drain_all): the store holds what a store indexed from its first row
# holds (an ingest of one log, then of the tree: every row inserted into
# built indexes), byte for byte less the ingest times and the generation;
# every index holds every row (integrity_check, and each index read
# alone); a re-ingest adds nothing.
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || skip_all "sqlite3 (the CLI) is not installed"
S=$SAMPLES/population/logs
# 600 logs: the 30 samples hard-linked under distinct names; the walk's
# first log is the first of directory 1
mkdir "$TMP/logs"
for k in $(seq 20); do
	mkdir "$TMP/logs/$k"
	for f in "$S"/*.darshan; do
		g="$TMP/logs/$k/$(basename "$f" .darshan)_$k.darshan"
		ln "$f" "$g" 2>/dev/null || cp "$f" "$g"
	done
done
N=$(find "$TMP/logs" -name '*.darshan' | wc -l)
first=$(ls "$TMP/logs/1" | head -1)

dump() {	# every table sorted, less what differs by run
	cp "$1" "$TMP/z.db"
	sqlite3 "$TMP/z.db" "UPDATE jobs SET ingest_time = 0; UPDATE meta SET value = 'X' WHERE key LIKE '%time%' OR key = 'generation';"
	sqlite3 "$TMP/z.db" .dump | sort
}

$RUN ingest -j 2 --db "$TMP/new.db" "$TMP/logs" >"$TMP/o1" 2>&1
ok $? "ingest of $N logs into a new store"
is "$(cat "$TMP/o1")" "$N logs: $N added, 0 refreshed, 0 unchanged, 0 failed" \
	"every log added"
# the reference: indexes built on one row, then every row inserted
$RUN ingest --db "$TMP/ref.db" "$TMP/logs/1/$first" >/dev/null 2>&1 &&
	$RUN ingest -j 2 --db "$TMP/ref.db" "$TMP/logs" >/dev/null 2>&1
ok $? "the reference: one log, then the tree"
dump "$TMP/new.db" >"$TMP/d1"
dump "$TMP/ref.db" >"$TMP/d2"
ok "$([ "$(grep -c '^INSERT INTO jobs ' "$TMP/d1")" -eq "$N" ]; echo $?)" \
	"a dump of every row"
cmp -s "$TMP/d1" "$TMP/d2"
ok $? "the same tables, rows and schema as the reference ($(wc -c <"$TMP/d1") bytes)"
is "$(sqlite3 "$TMP/new.db" 'PRAGMA integrity_check')" "ok" \
	"integrity_check: every index holds every row"
# each index read alone: its count of rows, and its first and last keys'
# rows, as the table's
bad=0
for i in $(sqlite3 "$TMP/new.db" "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'jobs' AND sql IS NOT NULL"); do
	c=$(sqlite3 "$TMP/new.db" "SELECT count(*) FROM jobs INDEXED BY \"$i\" WHERE id > 0")
	[ "$c" = "$N" ] || { diag "$i: $c rows"; bad=1; }
done
ok $bad "each of the 28 indexes read alone has the $N rows"
is "$(sqlite3 "$TMP/new.db" "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND tbl_name = 'jobs' AND sql IS NOT NULL")" \
	28 "the 28 indexes"

$RUN ingest --db "$TMP/new.db" "$TMP/logs" >"$TMP/o2" 2>&1
is "$(cat "$TMP/o2")" "$N logs: 0 added, 0 refreshed, $N unchanged, 0 failed" \
	"a re-ingest adds nothing"
dump "$TMP/new.db" >"$TMP/d3"
cmp -s "$TMP/d1" "$TMP/d3"
ok $? "and changes no row"

# a run of one log: nothing held back, the indexes built on its row
$RUN ingest --db "$TMP/one.db" "$TMP/logs/1/$first" >"$TMP/o3" 2>&1
is "$(cat "$TMP/o3")" "1 logs: 1 added, 0 refreshed, 0 unchanged, 0 failed" \
	"a run of one log"
is "$(sqlite3 "$TMP/one.db" "SELECT count(*) FROM jobs INDEXED BY jobs_by_mib_s WHERE id > 0")" 1 \
	"its row in the indexes"
done_testing
