#!/bin/sh
# merge-db into PostgreSQL writes each row once (issue 38): the shard's
# rows COPYed straight into sched and jobs with the ids and sched_ids
# the client was given, where the staged path (IOLENS_TEST_PG_STAGED=1)
# COPYs them into a temporary table and INSERTs them from it.  Both
# store the same: into a store holding some of the shard's jobs (kept,
# not replaced) and scheduler's jobs (theirs kept, and candidates of the
# nearest start), with ties of the nearest start (the lowest id wins),
# then the shard again (nothing added): every table byte for byte, the
# ids' sequences where they stand, and the analyses.  Against a private
# server (t/pg/server.sh) that logs its statements.
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || skip_all "no sqlite3"
. "$TOP/t/pg/server.sh"
pg_start "$TMP/pg" || { pg_stop; skip_all "$PG_WHY"; }
trap 'pg_stop; rm -rf "$TMP"' EXIT
trap 'exit 130' INT TERM HUP

S=$SAMPLES/population
SQ0=$TMP/clean.db
$RUN ingest --db "$SQ0" "$S/logs" >/dev/null 2>&1
$RUN ingest --db "$SQ0" --sacct "$S/sacct.txt" >/dev/null 2>&1
COLS=$(sqlite3 "$SQ0" "SELECT group_concat('\"' || name || '\"', ', ') FROM pragma_table_info('jobs') WHERE name NOT IN ('id', 'path')")
SC=$(sqlite3 "$SQ0" "SELECT group_concat('\"' || name || '\"', ', ') FROM pragma_table_info('sched') WHERE name NOT IN ('id', 'cluster', 'start')")
# the shard: the 30 jobs and 100 copies of each, starting 0, 20, ... 80 s
# after their scheduler's job; each scheduler's job and 5 copies
# (clusters c1-c5) 40 s apart: a start 20 or 60 s after is as near to two
SH=$TMP/shard.db
cp "$SQ0" "$SH"
sqlite3 "$SH" "WITH RECURSIVE k(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM k WHERE n < 100)
	INSERT INTO jobs (path, $COLS) SELECT path || '#' || n, $COLS FROM jobs, k
	WHERE jobs.id <= 30 ORDER BY n, jobs.id;
	UPDATE jobs SET start_time = (SELECT start FROM sched s WHERE s.id = jobs.sched_id) + (id % 5) * 20, sched_id = NULL;
	WITH RECURSIVE k(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM k WHERE n < 5)
	INSERT INTO sched (cluster, start, $SC) SELECT 'c' || n, start + n * 40, $SC
	FROM sched, k ORDER BY n DESC, sched.id"
is "$(sqlite3 "$SH" "SELECT count(*) FROM jobs; SELECT count(*) FROM sched" | tr '\n' ' ')" \
	"3030 222 " "a shard of 3030 jobs and 222 scheduler's jobs"
# what the target holds first: 50 of the shard's jobs (other values),
# cluster c2's scheduler's jobs 10 s later than the shard's, and a
# cluster of its own 30 s later; merged from a store made before the
# scheduler's partition was kept (its rows selected with a NULL)
PRE=$TMP/pre.db
cp "$SH" "$PRE"
sqlite3 "$PRE" "DELETE FROM jobs WHERE id % 60 <> 0; UPDATE jobs SET mib_s = 1;
	DELETE FROM sched WHERE cluster <> 'c2'; UPDATE sched SET start = start + 10;
	INSERT INTO sched (cluster, start, $SC) SELECT 'own', start + 20, $SC FROM sched;
	ALTER TABLE sched DROP COLUMN \"partition\""
is "$(sqlite3 "$PRE" "SELECT count(*) FROM jobs; SELECT count(*) FROM sched" | tr '\n' ' ')" \
	"50 74 " "a store of 50 of its jobs and 74 scheduler's jobs"

dump() {	# every table as COPY writes it, the generation left out; the sequences
	for _t in "jobs ORDER BY id" "errors ORDER BY path" "sched ORDER BY id" \
		"meta WHERE key <> 'generation' ORDER BY key"; do
		echo "== $_t"
		pg_q "$1" "COPY (SELECT * FROM $_t) TO STDOUT"
	done
	pg_q "$1" "SELECT last_value FROM jobs_id_seq; SELECT last_value FROM sched_id_seq"
}
# merge DB [ENV]: PRE, the shard, the shard again into a new database
merge() {
	"$PGBIN/createdb" -w -h "$PGD" -p "$PGPORT_T" -U iolens "$1" || return 1
	pg_q "$1" "ALTER DATABASE $1 SET log_statement = 'all'" >/dev/null
	_u=$(pg_url "$1")
	for _s in "$PRE" "$SH" "$SH"; do
		env ${2:-} $RUN merge-db "$_u" "$_s" 2>&1 || echo "exit $?"
	done
}
is "$(merge direct | tr '\n' ' ')" "1 store: 50 jobs added 1 store: 2980 jobs added 1 store: 0 jobs added " \
	"into PostgreSQL: 50, then 2980 (50 there), then none"
is "$(merge staged IOLENS_TEST_PG_STAGED=1 | tr '\n' ' ')" "1 store: 50 jobs added 1 store: 2980 jobs added 1 store: 0 jobs added " \
	"IOLENS_TEST_PG_STAGED=1: the same"
log=$(cat "$TMP/pg/log")
n=$(printf '%s\n' "$log" | grep -c 'COPY jobs (id, .* FROM STDIN')
m=$(printf '%s\n' "$log" | grep -c 'COPY iol_copy_jobs .* FROM STDIN')
ok "$([ "$n" = 3 ] && [ "$m" -ge 3 ]; echo $?)" "... straight into jobs ($n COPYs) and staged ($m)"
dump direct >"$TMP/d.dump"
dump staged >"$TMP/s.dump"
ok "$([ "$(wc -l <"$TMP/d.dump")" -gt 3000 ] && cmp -s "$TMP/d.dump" "$TMP/s.dump"; echo $?)" \
	"... every table the same, byte for byte, the sequences where they stood"
cmp "$TMP/d.dump" "$TMP/s.dump" 2>&1 | head -2 | sed 's/^/#   /'
is "$(pg_q direct "SELECT count(*), string_agg(DISTINCT s.cluster, ','), sum((j.mib_s = 1)::int) FROM jobs j JOIN sched s ON s.id = j.sched_id")" \
	"3030|,c1,c2|50" "... every job joined, across the clusters, the store's 50 rows kept"
is "$(pg_q direct "SELECT sum((s.id > (SELECT min(t.id) FROM sched t WHERE t.jobid_raw = j.jobid
	AND abs(t.start - j.start_time) = abs(s.start - j.start_time)))::int),
	sum(((SELECT count(*) FROM sched t WHERE t.jobid_raw = j.jobid
	AND abs(t.start - j.start_time) = abs(s.start - j.start_time)) > 1)::int)
	FROM jobs j JOIN sched s ON s.id = j.sched_id")" "0|606" \
	"... 606 ties of the nearest start, each to the lowest id"
for a in "jobs --format csv" "variance --format csv" "groups --by app --format csv"; do
	# shellcheck disable=SC2086
	$RUN $a --db "$(pg_url direct)" >"$TMP/d.csv" 2>&1
	# shellcheck disable=SC2086
	$RUN $a --db "$(pg_url staged)" >"$TMP/s.csv" 2>&1
	ok "$([ -s "$TMP/d.csv" ] && cmp -s "$TMP/d.csv" "$TMP/s.csv"; echo $?)" "... $a the same"
done
done_testing
