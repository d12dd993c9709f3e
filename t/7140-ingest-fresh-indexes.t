#!/bin/sh
# A store made by an ingest gets the jobs table's 28 secondary indexes
# after most of its rows (store.c, undefer; ingest.c: the first two
# thirds): each built by one sort, its pages nearly as full as a VACUUMed
# copy's (the last third's rows, added one by one, split a few); the
# table they scan is read from a
# page cache that holds it, not by a pread per page per index.  The
# indexes are all there when the run ends (the join's commit, or the
# close's: an ingest without --sacct, an ingest of --sacct alone), are
# kept by the next ingest into the store, and come back at the next open
# for writing of a store left without them (a run killed before its end).
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || skip_all "no sqlite3"

S=$SAMPLES/population/logs
# 1,200 logs: the 30 samples hard-linked under distinct names, enough rows
# for an index of several pages
mkdir "$TMP/logs"
for k in $(seq 40); do
	mkdir "$TMP/logs/$k"
	for f in "$S"/*.darshan; do
		b=$(basename "$f" .darshan)
		ln "$f" "$TMP/logs/$k/${b}_$k.darshan" 2>/dev/null ||
			cp "$f" "$TMP/logs/$k/${b}_$k.darshan"
	done
done
N=$(find "$TMP/logs" -name '*.darshan' | wc -l)

nidx() {	# the jobs table's secondary indexes in store $1
	sqlite3 "$1" "SELECT count(*) FROM sqlite_master WHERE type = 'index' \
		AND tbl_name = 'jobs' AND sql IS NOT NULL"
}

DB=$TMP/fresh.db
$RUN ingest -j 2 --db "$DB" "$TMP/logs" >"$TMP/out" 2>"$TMP/err"
ok $? "ingest of $N logs into a new store"
is "$(sqlite3 "$DB" 'SELECT count(*) FROM jobs')" "$N" "every log's row"
is "$(nidx "$DB")" 28 "the 28 secondary indexes of jobs, after the run"

# the pages of the jobs' indexes, against a copy that SQLite rebuilt
if sqlite3 "$DB" 'SELECT count(*) FROM dbstat' >/dev/null 2>&1; then
	sqlite3 "$DB" "VACUUM INTO '$TMP/packed.db'"
	pages() {
		sqlite3 "$1" "SELECT count(*) FROM dbstat WHERE name LIKE 'jobs\_%' ESCAPE '\\'"
	}
	got=$(pages "$DB")
	want=$(pages "$TMP/packed.db")
	# built on the first two thirds' rows (t/2015), the last third's
	# added one by one split pages: a few more than a VACUUMed copy's
	ok "$([ "$got" -gt 0 ] && [ $((4 * got)) -le $((5 * want)) ]; echo $?)" \
		"indexes built by sorts: $got pages, a VACUUMed copy $want"
else
	skip "no dbstat in this sqlite3" 1
fi
# the 28 builds each scan the table: from the page cache, not a pread
# per page each time (the store's preads: -y names each descriptor's
# file, and the decoders pread each log's first bytes)
if command -v strace >/dev/null && strace -o /dev/null true 2>/dev/null; then
	strace -f -y -e trace=pread64 -o "$TMP/st" \
		$IOLENS ingest -j 2 --db "$TMP/traced.db" "$TMP/logs" >/dev/null 2>&1
	n=$(grep -c 'pread64([0-9]*<[^>]*traced\.db' "$TMP/st")
	p=$(sqlite3 "$TMP/traced.db" 'PRAGMA page_count')
	ok "$([ "$n" -le $((2 * p)) ]; echo $?)" \
		"the table read once or so: $n preads for $p pages"
else
	skip "no strace" 1
fi
sqlite3 "$DB" 'EXPLAIN QUERY PLAN SELECT id FROM jobs WHERE "user" = '"'x'"' ORDER BY mib_s DESC LIMIT 50' |
	grep -q 'INDEX jobs_by_user_mib_s'
ok $? "the browser's list reads its index"

# the next ingest into it: indexes kept, rows added
mkdir "$TMP/more"
ln "$S/$(ls "$S" | head -1)" "$TMP/more/extra_id999-1.darshan" 2>/dev/null ||
	cp "$S/$(ls "$S" | head -1)" "$TMP/more/extra_id999-1.darshan"
$RUN ingest --db "$DB" "$TMP/more" >/dev/null 2>&1
ok $? "a second ingest into the store"
is "$(nidx "$DB")" 28 "its indexes kept"

# a store left without them (a run killed before its end) gets them at
# the next open for writing
for i in $(sqlite3 "$DB" "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'jobs' AND sql IS NOT NULL"); do
	echo "DROP INDEX \"$i\";"
done | sqlite3 "$DB"
is "$(nidx "$DB")" 0 "a store without them"
$RUN ingest --db "$DB" "$TMP/more" >/dev/null 2>&1
ok $? "an ingest of nothing new"
is "$(nidx "$DB")" 28 "the indexes back"

# a store made by an ingest of the scheduler's accounting alone
printf 'JobID|User|Account|NNodes|NCPUS|Elapsed|Start|End|State\n1|u|a|1|4|00:01:00|2025-01-01T00:00:00|2025-01-01T00:01:00|COMPLETED\n' >"$TMP/sacct.txt"
$RUN ingest --db "$TMP/s.db" --sacct "$TMP/sacct.txt" >/dev/null 2>&1
ok $? "ingest --sacct into a new store"
is "$(nidx "$TMP/s.db")" 28 "its job indexes made"

done_testing
