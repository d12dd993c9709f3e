#!/bin/sh
# merge-db into PostgreSQL, rows written once (issue 38), beside other
# writers: another session inserting a path and a scheduler's job of the
# shard once the merge has checked its keys (it waits for the merge's
# commit, then finds them there: exit 0 both, each key once), two merges of
# overlapping shards at once (one after the other: every path once, the
# sum of what they added the union), and a merge refused in its COPY into
# sched, which leaves every table, the generation and the indexes as
# they were (not the ids' sequences, which no rollback moves back: the
# staged path's INSERTs had moved them too).  Outcomes only, under any schedule; against
# a private server (t/pg/server.sh).
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
# shard LO HI NAME: the 30 jobs and their copies LO..HI (path '#k')
shard() {
	cp "$SQ0" "$TMP/$3.db"
	sqlite3 "$TMP/$3.db" "WITH RECURSIVE k(n) AS (SELECT $1 UNION ALL SELECT n + 1 FROM k WHERE n < $2)
		INSERT INTO jobs (path, $COLS) SELECT path || '#' || n, $COLS FROM jobs, k
		WHERE jobs.id <= 30 ORDER BY n, jobs.id"
}
shard 1 60 x
shard 31 90 y
P=$(sqlite3 "$TMP/x.db" "SELECT path FROM jobs WHERE path LIKE '%#1' ORDER BY path LIMIT 1 OFFSET 5")
J=$(sqlite3 "$TMP/x.db" "SELECT jobid FROM sched ORDER BY cluster, jobid LIMIT 1 OFFSET 20")

# ---- another writer's rows, in the middle of the merge ----
# once the merge has read which of its keys the store holds (a trigger
# holding the merge's COPY into jobs 2 s), a writer inserts one of its paths and
# of its scheduler's jobs: it waits for the merge's commit (the merge's
# lock), then finds them there; without the lock the merge's COPY would
# meet the writer's committed path (the indexes kept: dropping them
# would lock the writer out too)
U=$(pg_newdb w)
$RUN merge-db "$U" "$TMP/y.db" >/dev/null 2>&1
pg_q w "DELETE FROM sched WHERE jobid = '$J';
	CREATE FUNCTION hold() RETURNS trigger LANGUAGE plpgsql AS \$\$ BEGIN IF current_setting('iol.writer', true) IS NULL THEN PERFORM pg_sleep(2); END IF; RETURN NULL; END \$\$;
	CREATE TRIGGER hold BEFORE INSERT ON jobs FOR EACH STATEMENT EXECUTE FUNCTION hold()" >/dev/null
(i=0
while [ "$(pg_q w "SELECT count(*) FROM pg_stat_activity WHERE wait_event = 'PgSleep' AND query LIKE 'COPY jobs (id,%'")" = 0 ] &&
	[ $i -lt 600 ]; do
	sleep 0.1
	i=$((i + 1))
done
pg_q w "BEGIN; SET LOCAL iol.writer = 1; INSERT INTO jobs (path, app) VALUES ('$P', 'other') ON CONFLICT DO NOTHING;
	INSERT INTO sched (jobid, state) VALUES ('$J', 'other') ON CONFLICT DO NOTHING; COMMIT" >"$TMP/w.out" 2>&1
echo "$?" >"$TMP/w.rc") &
IOLENS_TEST_PG_REINDEX=0 $RUN merge-db "$U" "$TMP/x.db" >"$TMP/m" 2>&1
rc=$?
wait
is "$rc:$(cat "$TMP/w.rc"):$(pg_q w "SELECT count(*) FROM jobs WHERE path = '$P'; SELECT count(*) FROM sched WHERE jobid = '$J'" | tr '\n' ' ')" \
	"0:0:1 1 " "a writer's path and scheduler's job during the merge: both done, each once"
is "$(pg_q w "SELECT count(*), count(DISTINCT path), count(DISTINCT id), sum((app = 'other')::int) FROM jobs")" "2730|2730|2730|0" \
	"... 2730 jobs, every path and id once, the merge's"
sed 's/^/# /' "$TMP/m"

# ---- two merges at once ----
U=$(pg_newdb two)
$RUN merge-db "$U" "$SQ0" >/dev/null 2>&1
($RUN merge-db "$U" "$TMP/x.db" >"$TMP/mx" 2>&1; echo "$?" >"$TMP/mx.rc") &
$RUN merge-db "$U" "$TMP/y.db" >"$TMP/my" 2>&1
ry=$?
wait
is "$(cat "$TMP/mx.rc"):$ry" "0:0" "two merges at once: both done"
n=$(cat "$TMP/mx" "$TMP/my" | sed -n 's/^1 store: \([0-9]*\) jobs added$/\1/p' | awk '{ s += $1 } END { print s }')
is "$n:$(pg_q two "SELECT count(*), count(DISTINCT path), count(DISTINCT id), count(sched_id) FROM jobs")" \
	"2700:2730|2730|2730|2730" "... 2700 added: the union, every path and id once, every job joined"

# ---- a merge refused in its COPY into sched ----
U=$(pg_newdb fail)
$RUN merge-db "$U" "$SQ0" >/dev/null 2>&1
sqlite3 "$TMP/x.db" "INSERT INTO sched (cluster, jobid, state) VALUES ('zzz', '1', 'last')"
pg_q fail "CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS \$\$ BEGIN RAISE EXCEPTION 'refused by the test'; END \$\$;
	CREATE TRIGGER refuse BEFORE INSERT ON sched FOR EACH ROW WHEN (NEW.cluster = 'zzz') EXECUTE FUNCTION refuse()" >/dev/null
state() {	# every table, the generation, the indexes
	for _t in "jobs ORDER BY id" "errors ORDER BY path" "sched ORDER BY id" "meta ORDER BY key"; do
		pg_q fail "COPY (SELECT * FROM $_t) TO STDOUT"
	done
	pg_q fail "SELECT indexdef FROM pg_indexes WHERE tablename IN ('jobs', 'sched') ORDER BY 1"
}
state >"$TMP/c0"
$RUN merge-db "$U" "$TMP/x.db" >"$TMP/m" 2>&1
is "$?:$(wc -l <"$TMP/m")" "1:1" "a merge refused in its COPY into sched: exit 1, one line"
case $(cat "$TMP/m") in
*"refused by the test"*) ok 0 "... saying so" ;;
*) ok 1 "... saying so: $(cat "$TMP/m")" ;;
esac
state >"$TMP/c1"
ok "$([ "$(wc -l <"$TMP/c1")" -gt 30 ] && cmp -s "$TMP/c0" "$TMP/c1"; echo $?)" \
	"... every table, the generation and the indexes as before"
done_testing
