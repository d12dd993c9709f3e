#!/bin/sh
# The population store on PostgreSQL (--db postgresql://...), against a
# private server this test starts in its temporary directory (unix socket
# only, no TCP; as the user postgres when the test runs as root) and stops
# at the end.  The same commands run on a SQLite store and on a
# PostgreSQL store of the same logs and give the same output, byte for
# byte (the ingest time and the row ids left out where they differ by
# nature): ingest, ingest --sacct, jobs, groups, variance, context,
# triage --db, coverage, population-report (its text), iostat --db;
# merge-db SQLite -> PostgreSQL -> SQLite and PostgreSQL -> PostgreSQL;
# four ingests at once into one database keep each log once; a store of
# schema 1 is migrated; a bad URL, a server down, an unknown database or
# role: one line, exit 1.  With ../shared the 406 population jobs too,
# and the ingest times of both kinds side by side.
. "$(dirname "$0")/lib.sh"

. "$TOP/t/pg/server.sh"
pg_start "$TMP/pg" || { pg_stop; skip_all "$PG_WHY"; }
trap 'pg_stop; rm -rf "$TMP"' EXIT
# killed: still stop the server (the EXIT trap runs on exit)
trap 'exit 130' INT TERM HUP
url() { pg_url "$1"; }
newdb() { pg_newdb "$1"; }
psql_q() { pg_q "$1" "$2"; }
PGD=$TMP/pg
PORT=$PGPORT_T
now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }
# a jobs CSV without the columns that differ by nature (the ids of the
# rows and of the scheduler's rows, ingest_time), sorted by path
jobs_csv() {
	_db=$1
	shift
	$RUN jobs --db "$_db" --format=csv "$@" 2>&1 | awk -F, '
		NR == 1 { for (i = 1; i <= NF; i++) if ($i == "id" || $i == "ingest_time" || $i == "sched_id") skip[i] = 1 }
		{ s = ""; for (i = 1; i <= NF; i++) if (!skip[i]) s = s (s == "" ? "" : ",") $i; print s }' |
		{ IFS= read -r h; echo "$h"; sort; }
}
# two texts the same (a short diff when not)
same_text() {	# same_text <description> <got> <expected>
	printf '%s\n' "$2" >"$TMP/x.got"
	printf '%s\n' "$3" >"$TMP/x.want"
	if cmp -s "$TMP/x.got" "$TMP/x.want"; then
		ok 0 "$1"
	else
		ok 1 "$1"
		diff "$TMP/x.want" "$TMP/x.got" | cut -c1-200 | head -6 | sed 's/^/#   /'
	fi
}
same_text_jobs() {	# same_text_jobs <store> <store> <description>
	same_text "$3" "$(jobs_csv "$1")" "$(jobs_csv "$2")"
}
# same output and exit status of one command on both stores
same() {	# same <description> <command args...> (the store is --db)
	_d=$1
	shift
	$RUN "$@" --db "$SQ" >"$TMP/a.out" 2>"$TMP/a.err"
	_a=$?
	$RUN "$@" --db "$PG" >"$TMP/b.out" 2>"$TMP/b.err"
	_b=$?
	sed "s|$SQ|STORE|g" "$TMP/a.err" >"$TMP/a.e"
	sed "s|$PG|STORE|g" "$TMP/b.err" >"$TMP/b.e"
	# (an empty output only with an error message)
	if [ "$_a" = "$_b" ] && cmp -s "$TMP/a.out" "$TMP/b.out" &&
		cmp -s "$TMP/a.e" "$TMP/b.e" && [ -s "$TMP/a.out" -o -s "$TMP/a.e" ]; then
		ok 0 "$_d: the same on both"
	else
		ok 1 "$_d: the same on both"
		echo "#   exit $_a / $_b"
		diff "$TMP/a.out" "$TMP/b.out" | head -5 | sed 's/^/#   /'
		diff "$TMP/a.e" "$TMP/b.e" | head -5 | sed 's/^/#   /'
	fi
}

S=$SAMPLES/population
SQ0=$TMP/plain.db
$RUN ingest --db "$SQ0" "$S/logs" >/dev/null 2>&1
SQ=$TMP/s.db
PG=$(newdb s) || { ok 1 "createdb"; done_testing; exit; }

# ---- ingest, sacct ----
$RUN ingest --db "$SQ" "$S/logs" >"$TMP/i1" 2>&1
a=$?
$RUN ingest --db "$PG" "$S/logs" >"$TMP/i2" 2>&1
is "$?:$(cat "$TMP/i2")" "$a:$(cat "$TMP/i1")" "ingest of the 30 sample logs: the same summary"
is "$(psql_q s "SELECT count(*), count(DISTINCT path) FROM jobs")" "30|30" "30 rows, one per log"
$RUN ingest --db "$PG" "$S/logs" >"$TMP/i2" 2>&1
is "$?:$(cat "$TMP/i2")" "0:30 logs: 0 added, 0 refreshed, 30 unchanged, 0 failed" "again: all unchanged"
$RUN ingest --db "$SQ" --sacct "$S/sacct.txt" >"$TMP/i1" 2>&1
$RUN ingest --db "$PG" --sacct "$S/sacct.txt" >"$TMP/i2" 2>&1
is "$(cat "$TMP/i2")" "$(cat "$TMP/i1")" "ingest --sacct: the same summary and join"
is "$(psql_q s "SELECT value FROM meta WHERE key = 'schema_version'")" 2 "meta: schema 2"

# ---- the same commands, the same output ----
same_text_jobs "$PG" "$SQ" "jobs: every column of every row"
same_text "jobs --where user = 'alice' (a key word of PostgreSQL)" \
	"$(jobs_csv "$PG" --where "user = 'alice'")" "$(jobs_csv "$SQ" --where "user = 'alice'")"
is "$(jobs_csv "$PG" --where "user = 'alice'" | wc -l)" 25 "... 24 jobs of alice"
same_text "jobs --sort --top" "$(jobs_csv "$PG" --sort -bytes_read --top 3)" \
	"$(jobs_csv "$SQ" --sort -bytes_read --top 3)"
same "jobs --where nothing" jobs --where "app = 'zzz'"
$RUN jobs --db "$PG" --where "nosuch = 1" >/dev/null 2>"$TMP/err"
is "$?:$(head -1 "$TMP/err")" '2:iolens jobs: bad --where: column "nosuch" does not exist' \
	"jobs --where on a column not there: the server's message, exit 2"
for by in app user project nprocs size; do
	same "groups --by $by" groups --by "$by" --format=csv
done
same "groups text" groups --by app
same "variance" variance --format=csv
same "variance text" variance
LOG=$(ls "$S"/logs/*.darshan | head -5 | tail -1)
same "context" context --format=csv "$LOG"
same "triage --db" triage --top all --format tsv
same "triage --db text" triage
same "coverage" coverage --format csv
same "coverage --apis" coverage --apis --format csv
if command -v pdftotext >/dev/null 2>&1; then
	$RUN population-report --db "$SQ" -o "$TMP/a.pdf" >/dev/null 2>&1
	$RUN population-report --db "$PG" -o "$TMP/b.pdf" >/dev/null 2>&1
	# the footers name the store; pdftotext places the text by its
	# width, so the words are compared, sorted
	words() {
		pdftotext "$1" - 2>/dev/null | tr -s ' \n' '\n\n' |
			grep -v -x -F -e "$2" | sort
	}
	words "$TMP/a.pdf" "$SQ" >"$TMP/a.txt"
	words "$TMP/b.pdf" "$PG" >"$TMP/b.txt"
	ok "$([ "$(wc -l <"$TMP/a.txt")" -gt 500 ] && cmp -s "$TMP/a.txt" "$TMP/b.txt"; echo $?)" \
		"population-report: the same words and numbers on its pages"
else
	skip "pdftotext (poppler-utils) is not installed" 1
fi

# ---- merge-db between the two kinds ----
P2=$(newdb m2)
$RUN merge-db "$P2" "$SQ" >"$TMP/m" 2>&1
is "$?:$(cat "$TMP/m")" "0:1 store: 30 jobs added" "merge-db SQLite -> PostgreSQL"
same_text_jobs "$P2" "$SQ" "... the same rows"
SQ2=$TMP/back.db
$RUN merge-db "$SQ2" "$P2" >"$TMP/m" 2>&1
is "$?:$(cat "$TMP/m")" "0:1 store: 30 jobs added" "merge-db PostgreSQL -> SQLite"
same_text_jobs "$SQ2" "$SQ" "... the same rows"
is "$($RUN coverage --db "$SQ2" --format csv)" "$($RUN coverage --db "$SQ" --format csv)" \
	"... the scheduler's jobs came along and are joined"
P3=$(newdb m3)
$RUN merge-db "$P3" "$P2" "$PG" >"$TMP/m" 2>&1
is "$?:$(cat "$TMP/m")" "0:2 stores: 30 jobs added" "merge-db PostgreSQL -> PostgreSQL: a path twice is added once"
same_text_jobs "$P3" "$SQ" "... the same rows"

# ---- four ingests at once ----
C=$(newdb conc)
# the directory, halves of it before and after it, all in reverse
$RUN ingest --db "$C" "$S/logs" >"$TMP/c1" 2>&1 &
p1=$!
$RUN ingest --db "$C" $(ls "$S"/logs/*.darshan | head -15) "$S/logs" >"$TMP/c2" 2>&1 &
p2=$!
$RUN ingest --db "$C" $(ls -r "$S"/logs/*.darshan) >"$TMP/c3" 2>&1 &
p3=$!
$RUN ingest --db "$C" "$S/logs" $(ls -r "$S"/logs/*.darshan | head -15) >"$TMP/c4" 2>&1 &
p4=$!
st=0
for p in $p1 $p2 $p3 $p4; do wait "$p" || st=$?; done
is "$st" 0 "four concurrent ingests of overlapping sets: all exit 0"
is "$(psql_q conc "SELECT count(*), count(DISTINCT path) FROM jobs")" "30|30" \
	"... each log once (30 rows, 30 paths)"
is "$(psql_q conc "SELECT count(*) FROM errors")" 0 "... no error rows"
same_text_jobs "$C" "$SQ0" "... the rows of one ingest into SQLite"

# four at once with the scheduler's accounting: the joins take turns
C2=$(newdb conc2)
for k in 1 2 3 4; do
	$RUN ingest --db "$C2" --sacct "$S/sacct.txt" "$S/logs" >"$TMP/d$k" 2>&1 &
	eval "q$k=\$!"
done
st=0
for p in $q1 $q2 $q3 $q4; do wait "$p" || st=$?; done
is "$st:$(psql_q conc2 "SELECT count(*), count(DISTINCT path) FROM jobs")" "0:30|30" \
	"four concurrent ingests with --sacct: exit 0, each log once"
is "$($RUN coverage --db "$C2" --format csv)" "$($RUN coverage --db "$SQ" --format csv)" \
	"... the scheduler's jobs once, all joined"

# ---- schema 1 migrated ----
O=$(newdb old)
$RUN ingest --db "$O" "$S/logs" >/dev/null 2>&1
psql_q old "DROP TABLE sched; DROP INDEX jobs_sched; ALTER TABLE jobs DROP COLUMN sched_id; UPDATE meta SET value = '1' WHERE key = 'schema_version'"
is "$(psql_q old "SELECT value FROM meta WHERE key = 'schema_version'")" 1 "a store of schema 1"
$RUN ingest --db "$O" --sacct "$S/sacct.txt" >/dev/null 2>&1
is "$?:$(psql_q old "SELECT value FROM meta WHERE key = 'schema_version'")" "0:2" \
	"ingest --sacct migrates it to schema 2"
is "$($RUN coverage --db "$O" --format csv)" "$($RUN coverage --db "$SQ" --format csv)" \
	"... and joins it"

# ---- errors: one line, exit 1 ----
for u in "postgresql://%zz/x" "postgresql:///x?host=$PGD&port=1&user=iolens" \
	"$(url nosuchdb)" "postgresql:///s?host=$PGD&port=$PORT&user=nobody"; do
	$RUN jobs --db "$u" >/dev/null 2>"$TMP/err"
	is "$?:$(wc -l <"$TMP/err")" "1:1" "jobs --db '${u%%\?*}...': exit 1, one line"
	$RUN ingest --db "$u" "$S/logs" >/dev/null 2>"$TMP/err"
	is "$?:$(wc -l <"$TMP/err")" "1:1" "ingest --db '${u%%\?*}...': exit 1, one line"
done
$RUN jobs --db "$(url nosuchdb)" 2>&1 | grep -q 'database "nosuchdb" does not exist'
ok $? "the server's reason is said"
PGPASSWORD=wrong $RUN jobs --db "$PG" >/dev/null 2>"$TMP/err"
is "$?:$(wc -l <"$TMP/err"):$(grep -c 'password authentication failed for user "iolens"' "$TMP/err")" "1:1:1" \
	"a wrong password: exit 1, one line, the server's reason"
$RUN jobs --db "postgresql://iolens:secret@/s?host=$PGD&port=$PORT" >/dev/null 2>"$TMP/err"
is "$?:$(cat "$TMP/err")" "1:iolens jobs: cannot open 'postgresql://iolens:***@/s?host=$PGD&port=$PORT': a password in the URL would be shown in messages and reports: give it in ~/.pgpass or PGPASSWORD" \
	"a password in the URL: refused, it would show in messages and report footers; the message masks it"
$RUN jobs --db "$PG" --where "1 = 1) UNION SELECT 1 FROM meta WHERE (1" >/dev/null 2>&1
is "$?" 2 "--where with a UNION: refused"
before=$(psql_q s "SELECT last_value FROM jobs_id_seq")
$RUN jobs --db "$PG" --where "nextval('jobs_id_seq') > 0" >/dev/null 2>"$TMP/err"
is "$?:$(psql_q s "SELECT last_value FROM jobs_id_seq")" "1:$before" \
	"--where cannot write (a read-only connection): exit 1, nothing changed"

# ---- the 406 population jobs, and the ingest times side by side ----
POP=$SHARED/corpus/population
if [ -f "$POP/manifest.tsv" ]; then
	SQ=$TMP/pop.db
	PG=$(newdb pop)
	t0=$(now)
	$RUN ingest --db "$SQ" "$POP/logs" >"$TMP/i1" 2>&1
	t1=$(now)
	$RUN ingest --db "$PG" "$POP/logs" >"$TMP/i2" 2>&1
	t2=$(now)
	is "$(cat "$TMP/i2")" "$(cat "$TMP/i1")" "406 population logs: the same ingest summary"
	echo "# ingest of the $(ls "$POP"/logs | wc -l) population logs: SQLite $(secs "$t0" "$t1") s, PostgreSQL $(secs "$t1" "$t2") s"
	same_text_jobs "$PG" "$SQ" "406 jobs: every column of every row"
	same "406 groups" groups --by app --format=csv
	same "406 variance" variance --format=csv
	same "406 triage --db" triage --top all --format tsv
	LOG=$(ls "$POP"/logs/*.darshan | head -40 | tail -1)
	same "406 context" context --format=csv "$LOG"
	if [ -f "$POP/iostat/diskstats-5s.txt" ]; then
		same "406 iostat --db" iostat --format=csv "$POP/iostat/diskstats-5s.txt"
	fi
else
	skip "no population corpus in ../shared" 6
fi

done_testing
