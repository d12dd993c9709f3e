#!/bin/sh
# merge-db into PostgreSQL copies in COPY's binary form (issue 38: no
# real printed with %.17g and read back), and stores what the text form
# stores (IOLENS_TEST_PG_TEXTCOPY=1 takes it): every table the same byte
# for byte, and the analyses; a value a column cannot take (a real not
# whole into bigint) fails the merge with the text form's message; a
# merge that fails during its COPY into jobs (a trigger of the target's
# refusing the shard's last row or a row in the middle, or that real)
# leaves the store as it was, generation, indexes and the other tables
# included; so does one failing in the staged path's second batch
# (IOLENS_TEST_PG_STAGED=1).  Against a private server (t/pg/server.sh)
# that logs its statements.
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
# a shard of two COPY batches (30 rows and 300 copies), whole reals, a
# third, NULLs, the largest bigint, the smallest subnormal
SH=$TMP/shard.db
cp "$SQ0" "$SH"
sqlite3 "$SH" "WITH RECURSIVE k(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM k WHERE n < 300)
	INSERT INTO jobs (path, $COLS) SELECT path || '#' || n, $COLS FROM jobs, k
	WHERE jobs.id <= 30 ORDER BY n, jobs.id;
	UPDATE jobs SET mib_s = 7, run_time = NULL, io_time_total = 1.0 / 3,
		bytes_read = 9223372036854775807, md_cost_pct = 5e-324 WHERE path LIKE '%#7'"
is "$(sqlite3 "$SH" "SELECT count(*) FROM jobs")" 9030 "a shard of 9030 jobs"

logged() {	# a database whose statements the server logs; its URL
	"$PGBIN/createdb" -w -h "$PGD" -p "$PGPORT_T" -U iolens "$1" &&
		pg_q "$1" "ALTER DATABASE $1 SET log_statement = 'all'" >/dev/null &&
		pg_url "$1"
}
dump() {	# every table of the store as COPY writes it, the generation left out
	for _t in "jobs ORDER BY id" "errors ORDER BY path" "sched ORDER BY id" \
		"meta WHERE key <> 'generation' ORDER BY key"; do
		echo "== $_t"
		pg_q "$1" "COPY (SELECT * FROM $_t) TO STDOUT"
	done
}
# the COPYs of whole rows into jobs: straight into it, or staged
bincopies() { grep -c 'statement: COPY jobs (id, .* FROM STDIN (FORMAT binary)' "$TMP/pg/log"; }
stagedcopies() { grep -c 'statement: COPY iol_copy_jobs .* FROM STDIN (FORMAT binary)' "$TMP/pg/log"; }

B=$(logged bin) || { ok 1 "createdb"; done_testing; exit; }
T=$(logged txt)
$RUN merge-db "$B" "$SQ0" >"$TMP/m" 2>&1 && $RUN merge-db "$B" "$SH" >>"$TMP/m" 2>&1
is "$?:$(tr '\n' ' ' <"$TMP/m")" "0:1 store: 30 jobs added 1 store: 9000 jobs added " \
	"merge-db into PostgreSQL: 30, then 9000 added"
n=$(bincopies)
is "$n:$(stagedcopies)" "2:0" "... in COPY's binary form, straight into jobs, once a merge"
IOLENS_TEST_PG_TEXTCOPY=1 $RUN merge-db "$T" "$SQ0" >"$TMP/m" 2>&1 &&
	IOLENS_TEST_PG_TEXTCOPY=1 $RUN merge-db "$T" "$SH" >>"$TMP/m" 2>&1
is "$?:$(tr '\n' ' ' <"$TMP/m")" "0:1 store: 30 jobs added 1 store: 9000 jobs added " \
	"IOLENS_TEST_PG_TEXTCOPY=1: the same in text form"
is "$(bincopies)" "$n" "... no binary COPY"
dump bin >"$TMP/b.dump"
dump txt >"$TMP/t.dump"
ok "$([ "$(wc -l <"$TMP/b.dump")" -gt 9000 ] && cmp -s "$TMP/b.dump" "$TMP/t.dump"; echo $?)" \
	"binary and text: every table the same, byte for byte"
cmp "$TMP/b.dump" "$TMP/t.dump" 2>&1 | head -2 | sed 's/^/#   /'
is "$(pg_q bin "SELECT DISTINCT mib_s, coalesce(run_time, -1), io_time_total, bytes_read, md_cost_pct FROM jobs WHERE path LIKE '%#7'")" \
	"7|-1|0.3333333333333333|9223372036854775807|5e-324" "... reals exact, NULL kept, the largest bigint whole"
n=$(pg_q bin "SELECT count(*) FROM jobs WHERE sched_id IS NOT NULL")
ok "$([ "$n" -gt 1000 ]; echo $?)" "... the scheduler's jobs joined to $n of them"
for a in "jobs --format csv" "variance --format csv" "groups --by app --format csv"; do
	# shellcheck disable=SC2086
	$RUN $a --db "$B" >"$TMP/b.csv" 2>&1
	# shellcheck disable=SC2086
	$RUN $a --db "$T" >"$TMP/t.csv" 2>&1
	ok "$([ -s "$TMP/b.csv" ] && cmp -s "$TMP/b.csv" "$TMP/t.csv"; echo $?)" "... $a the same"
done

# ---- a merge that fails leaves the store as it was ----
# a store of the 30 jobs, into which the shard's first batch goes (its
# indexes dropped for the merge: the shard is more than a quarter of it)
F=$(logged fail)
$RUN merge-db "$F" "$SQ0" >/dev/null 2>&1
state() {	# every table, the generation, the indexes of jobs
	dump fail
	pg_q fail "SELECT value FROM meta WHERE key = 'generation'"
	pg_q fail "SELECT indexdef FROM pg_indexes WHERE tablename = 'jobs' ORDER BY 1"
}
# fails DESCRIPTION MESSAGE [ENV]: the shard merged into fail: exit 1,
# one line saying MESSAGE, during the COPY into jobs (staged: in the
# second batch), the store as it was
fails() {
	state >"$TMP/c0.dump"
	p=$(bincopies)
	q=$(stagedcopies)
	env ${3:-} $RUN merge-db "$F" "$SH" >"$TMP/m" 2>&1
	is "$?:$(wc -l <"$TMP/m")" "1:1" "$1: exit 1, one line"
	case $(cat "$TMP/m") in
	*"$2"*) ok 0 "... saying so" ;;
	*) ok 1 "... saying so: $(cat "$TMP/m")" ;;
	esac
	case ${3:-} in
	*STAGED*) is "$(($(stagedcopies) - q))" 2 "... in the second batch, the first inserted" ;;
	*TEXTCOPY*) ;;
	*) is "$(($(bincopies) - p))" 1 "... during the COPY into jobs" ;;
	esac
	state >"$TMP/c1.dump"
	ok "$([ "$(wc -l <"$TMP/c1.dump")" -gt 30 ] && cmp -s "$TMP/c0.dump" "$TMP/c1.dump"; echo $?)" \
		"... every table, the generation and the indexes as before"
}
# the shard's last row (by path), in the second batch, made new
sqlite3 "$SH" "UPDATE jobs SET path = '/zzz/last' WHERE path = (SELECT max(path) FROM jobs)"
pg_q fail "CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS \$\$ BEGIN RAISE EXCEPTION 'refused by the test'; END \$\$;
	CREATE TRIGGER refuse BEFORE INSERT ON jobs FOR EACH ROW WHEN (NEW.path = '/zzz/last') EXECUTE FUNCTION refuse()" >/dev/null
fails "a merge refused at its last row" "refused by the test"
fails "... staged" "refused by the test" IOLENS_TEST_PG_STAGED=1
# a row in the middle of the COPY (rows before it sent and stored)
pg_q fail "CREATE OR REPLACE TRIGGER refuse BEFORE INSERT ON jobs FOR EACH ROW WHEN (NEW.path = '$(sqlite3 "$SH" "SELECT path FROM jobs ORDER BY path LIMIT 1 OFFSET 4500")') EXECUTE FUNCTION refuse()" >/dev/null
fails "a merge refused at its 4501st row" "refused by the test"
pg_q fail "DROP TRIGGER refuse ON jobs" >/dev/null
sqlite3 "$SH" "UPDATE jobs SET nprocs = 2.5 WHERE path = '/zzz/last'"
fails "a real not whole into bigint" 'invalid input syntax for type bigint: "2.5"'
fails "... in text form" 'invalid input syntax for type bigint: "2.5"' IOLENS_TEST_PG_TEXTCOPY=1
fails "... staged" 'invalid input syntax for type bigint: "2.5"' IOLENS_TEST_PG_STAGED=1
done_testing
