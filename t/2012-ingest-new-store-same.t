#!/bin/sh
# A new store, written unseen with its journal in memory (store-fresh.c),
# holds what the same ingest writes through the WAL into a store that
# exists: every table's rows and the schema, byte for byte less the
# ingest times and the generation, the same pages, one file at rest; a
# re-ingest into it adds nothing, a tree given twice finds its logs the
# second time as the WAL path does, and the next ingest into it takes the
# WAL path and gives what one ingest of both trees gives.
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || skip_all "sqlite3 (the CLI) is not installed"
S=$SAMPLES/population/logs
mkdir "$TMP/a" "$TMP/b"
# two trees of the samples under distinct names, enough rows for indexes
# of several pages
for k in $(seq 20); do
	t=a
	[ "$k" -gt 10 ] && t=b
	mkdir "$TMP/$t/$k"
	for f in "$S"/*.darshan; do
		g="$TMP/$t/$k/$(basename "$f" .darshan)_$k.darshan"
		ln "$f" "$g" 2>/dev/null || cp "$f" "$g"
	done
done
na=$(find "$TMP/a" -name '*.darshan' | wc -l)
nb=$(find "$TMP/b" -name '*.darshan' | wc -l)

# the store's content less what differs by run (ingest times, generation)
dump() {
	cp "$1" "$TMP/z.db"
	sqlite3 "$TMP/z.db" "UPDATE jobs SET ingest_time = 0; UPDATE meta SET value = 'X' WHERE key LIKE '%time%' OR key = 'generation';"
	sqlite3 "$TMP/z.db" .dump | sort
	sqlite3 "$1" 'PRAGMA page_count; PRAGMA freelist_count; PRAGMA journal_mode'
}

# new: written unseen; existing: an empty file there, so the WAL path
$RUN ingest --db "$TMP/new.db" "$TMP/a" >"$TMP/o1" 2>&1
ok $? "ingest into a new store"
: >"$TMP/old.db"
$RUN ingest --db "$TMP/old.db" "$TMP/a" >"$TMP/o2" 2>&1
ok $? "ingest into an existing (empty) store"
is "$(cat "$TMP/o1")" "$(cat "$TMP/o2")" "the same line"
dump "$TMP/new.db" >"$TMP/d1"
dump "$TMP/old.db" >"$TMP/d2"
ok "$([ "$(wc -l <"$TMP/d1")" -gt "$na" ]; echo $?)" "a dump of every row"
cmp -s "$TMP/d1" "$TMP/d2"
ok $? "the same tables, rows, schema and pages ($(wc -c <"$TMP/d1") bytes)"
ok "$([ ! -e "$TMP/new.db-wal" ] && [ ! -e "$TMP/new.db-journal" ]; echo $?)" \
	"one file at rest"

$RUN ingest --db "$TMP/new.db" "$TMP/a" >"$TMP/o3" 2>&1
is "$(cat "$TMP/o3")" "$na logs: 0 added, 0 refreshed, $na unchanged, 0 failed" \
	"a re-ingest adds nothing"

# a tree given twice: the second time its logs are in the store (those
# still decoding aside), as in the WAL path, whatever a new store skips
$RUN ingest -j 1 --db "$TMP/dup-new.db" "$TMP/a" "$TMP/a" >"$TMP/o4" 2>&1
: >"$TMP/dup-old.db"
$RUN ingest -j 1 --db "$TMP/dup-old.db" "$TMP/a" "$TMP/a" >"$TMP/o5" 2>&1
is "$(cat "$TMP/o4")" "$(cat "$TMP/o5")" "a tree given twice: the same line ($(cat "$TMP/o4"))"
dump "$TMP/dup-new.db" | sed '$d' | sed '$d' | sed '$d' >"$TMP/d5"
dump "$TMP/dup-old.db" | sed '$d' | sed '$d' | sed '$d' >"$TMP/d6"
cmp -s "$TMP/d5" "$TMP/d6"
ok $? "and the same rows"

# the next tree into each: the WAL path for both, and one ingest of both
$RUN ingest --db "$TMP/new.db" "$TMP/b" >/dev/null 2>&1
ok $? "the next tree into the store made new"
$RUN ingest --db "$TMP/both.db" "$TMP/a" "$TMP/b" >/dev/null 2>&1
ok $? "both trees into a new store"
is "$(sqlite3 "$TMP/new.db" 'SELECT count(*) FROM jobs')" "$((na + nb))" "every row"
dump "$TMP/new.db" | sed '$d' | sed '$d' | sed '$d' >"$TMP/d3"
dump "$TMP/both.db" | sed '$d' | sed '$d' | sed '$d' >"$TMP/d4"
cmp -s "$TMP/d3" "$TMP/d4"
ok $? "the same rows as one ingest of both"

done_testing
