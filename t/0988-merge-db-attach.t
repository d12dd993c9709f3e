#!/bin/sh
# merge-db of a SQLite store into a SQLite store copies each table in one
# INSERT ... SELECT from the shard attached (issue 38), and stores what
# the row-by-row path stores (IOLENS_TEST_MERGE_ROWS=1 takes it): every
# table of the merged stores the same byte for byte (ids, NULLs, reals,
# the scheduler's jobs joined as the rows went in), the analyses the
# same, duplicates skipped, a shard whose name has a quote and a space
# read; a merge that fails late (a trigger of the target's refusing its
# last row) leaves the target as it was.
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || skip_all "no sqlite3"

S=$SAMPLES/population
mkdir "$TMP/logs"
cp "$S"/logs/*.darshan "$TMP/logs/"
printf 'not a log' >"$TMP/logs/junk.darshan"
SQ0=$TMP/clean.db
$RUN ingest --db "$SQ0" "$TMP/logs" >/dev/null 2>&1
$RUN ingest --db "$SQ0" --sacct "$S/sacct.txt" >/dev/null 2>&1
is "$(sqlite3 "$SQ0" "SELECT count(*) FROM jobs; SELECT count(*) FROM errors; SELECT count(*) > 0 FROM sched" | tr '\n' ' ')" \
	"30 1 1 " "a SQLite store of 30 jobs, an error and the scheduler's jobs"

# a shard of 30 rows and 200 copies of each (path '#k'), some reals
# whole, some integers in real columns, a NULL
COLS=$(sqlite3 "$SQ0" "SELECT group_concat('\"' || name || '\"', ', ') FROM pragma_table_info('jobs') WHERE name NOT IN ('id', 'path')")
SH="$TMP/it's a shard.db"
cp "$SQ0" "$SH"
sqlite3 "$SH" "WITH RECURSIVE k(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM k WHERE n < 200)
	INSERT INTO jobs (path, $COLS) SELECT path || '#' || n, $COLS FROM jobs, k
	WHERE jobs.id <= 30 ORDER BY n, jobs.id;
	UPDATE jobs SET mib_s = 7, run_time = NULL, io_time_total = 1.0 / 3 WHERE path LIKE '%#7'"
is "$(sqlite3 "$SH" "SELECT count(*) FROM jobs")" 6030 "a shard of 6030 jobs"

dump() {	# every table but meta's generation, in a fixed order
	for _t in "jobs ORDER BY id" "errors ORDER BY path" "sched ORDER BY id" \
		"meta WHERE key <> 'generation' ORDER BY key"; do
		echo "== $_t"
		sqlite3 -header "$1" "SELECT * FROM $_t"
	done
}
# merge NAME [ENV]: merge SQ0, then the shard, into a new store NAME
merge() {
	rm -f "$TMP/$1.db"
	env ${2:-} $RUN merge-db "$TMP/$1.db" "$SQ0" >"$TMP/$1.out" 2>&1 &&
		env ${2:-} $RUN merge-db "$TMP/$1.db" "$SH" >>"$TMP/$1.out" 2>&1
	echo "$?:$(tr '\n' ' ' <"$TMP/$1.out")"
}
is "$(merge att)" "0:1 store: 30 jobs added 1 store: 6000 jobs added " \
	"merge-db of two SQLite stores: 30, then 6000 added (30 already there)"
is "$(merge rows IOLENS_TEST_MERGE_ROWS=1)" "0:1 store: 30 jobs added 1 store: 6000 jobs added " \
	"IOLENS_TEST_MERGE_ROWS=1: the same row by row"
dump "$TMP/att.db" >"$TMP/att.dump"
dump "$TMP/rows.db" >"$TMP/rows.dump"
ok "$([ "$(wc -l <"$TMP/att.dump")" -gt 6000 ] && cmp -s "$TMP/att.dump" "$TMP/rows.dump"; echo $?)" \
	"... every table the same, byte for byte"
cmp "$TMP/att.dump" "$TMP/rows.dump" 2>&1 | head -2 | sed 's/^/#   /'
n=$(sqlite3 "$TMP/att.db" "SELECT count(*) FROM jobs WHERE sched_id IS NOT NULL")
ok "$([ "$n" -gt 1000 ]; echo $?)" "... the scheduler's jobs joined to $n of them"
for a in "jobs --format csv" "variance --format csv" "groups --by app --format csv"; do
	# shellcheck disable=SC2086
	$RUN $a --db "$TMP/att.db" >"$TMP/a.csv" 2>&1
	# shellcheck disable=SC2086
	$RUN $a --db "$TMP/rows.db" >"$TMP/r.csv" 2>&1
	ok "$([ -s "$TMP/a.csv" ] && cmp -s "$TMP/a.csv" "$TMP/r.csv"; echo $?)" "... $a the same"
done
is "$($RUN merge-db "$TMP/att.db" "$SH" 2>&1; echo "$?")" "1 store: 0 jobs added
0" "merged again: nothing added"

# a merge that fails at its last row leaves the target as it was
T=$TMP/target.db
cp "$TMP/rows.db" "$T"
sqlite3 "$SH" "INSERT INTO jobs (path, $COLS) SELECT '/zzz/last', $COLS FROM jobs ORDER BY id LIMIT 1"
sqlite3 "$T" "CREATE TRIGGER refuse BEFORE INSERT ON jobs WHEN NEW.path = '/zzz/last' BEGIN SELECT RAISE(ABORT, 'refused by the test'); END"
dump "$T" >"$TMP/t0.dump"
g0=$(sqlite3 "$T" "SELECT value FROM meta WHERE key = 'generation'")
for how in attached IOLENS_TEST_MERGE_ROWS=1; do
	[ "$how" = attached ] && e= || e=$how
	env $e $RUN merge-db "$T" "$SH" >"$TMP/m" 2>&1
	is "$?:$(wc -l <"$TMP/m")" "1:1" "$how: a merge refused at its last row: exit 1, one line"
	case $(cat "$TMP/m") in
	*"refused by the test"*) ok 0 "... saying why" ;;
	*) ok 1 "... saying why: $(cat "$TMP/m")" ;;
	esac
	dump "$T" >"$TMP/t1.dump"
	ok "$(cmp -s "$TMP/t0.dump" "$TMP/t1.dump"; echo $?)" "... every table as before"
	is "$(sqlite3 "$T" "SELECT value FROM meta WHERE key = 'generation'")" "$g0" "... the generation as before"
done
done_testing
