#!/bin/sh
# merge-db into a PostgreSQL store goes through COPY (straight into jobs
# since issue 38's rows written once: t/2005 compares it with the staged
# path's temporary table and INSERT ... SELECT), and stores what the row-by-row INSERTs store (IOLENS_TEST_PG_NOCOPY=1
# takes that path): the same rows, ids, skipped duplicates, errors and
# scheduler rows, dumped with COPY TO STDOUT and compared byte for byte;
# hostile strings (tabs, newlines, carriage returns, backslashes, \N and
# \., quotes, an empty text beside NULL, invalid UTF-8 in a SQL_ASCII
# database) and exact floats survive it; a COPY that fails at its last
# row (invalid UTF-8 in a UTF8 database, a text in a number column)
# leaves the store as it was, generation included.  Against a private
# server (t/pg/server.sh) whose log shows the COPY statements.
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || skip_all "no sqlite3"
. "$TOP/t/pg/server.sh"
pg_start "$TMP/pg" || { pg_stop; skip_all "$PG_WHY"; }
trap 'pg_stop; rm -rf "$TMP"' EXIT
trap 'exit 130' INT TERM HUP

S=$SAMPLES/population
mkdir "$TMP/logs"
cp "$S"/logs/*.darshan "$TMP/logs/"
printf 'not a log' >"$TMP/logs/junk.darshan"
SQ0=$TMP/clean.db
$RUN ingest --db "$SQ0" "$TMP/logs" >/dev/null 2>&1
$RUN ingest --db "$SQ0" --sacct "$S/sacct.txt" >/dev/null 2>&1
is "$(sqlite3 "$SQ0" "SELECT count(*) FROM jobs; SELECT count(*) FROM errors" | tr '\n' ' ')" \
	"30 1 " "a SQLite store of 30 jobs and an error"

# every column of jobs but id and path, for rows made from others
COLS=$(sqlite3 "$SQ0" "SELECT group_concat('\"' || name || '\"', ', ') FROM pragma_table_info('jobs') WHERE name NOT IN ('id', 'path')")
# hostile SQ0 ROWS...: each row "PATH~EXE~USER" of SQL expressions, a copy
# of the first job with those texts and awkward numbers
hostile() {
	_db=$1
	shift
	for _r in "$@"; do
		_p=${_r%%~*} _r=${_r#*~}
		_e=${_r%%~*} _u=${_r#*~}
		sqlite3 "$_db" "INSERT INTO jobs (path, $COLS) SELECT $_p, $COLS FROM jobs ORDER BY id LIMIT 1;
			UPDATE jobs SET exe = $_e, \"user\" = $_u, app = NULL, mib_s = 0.1,
			  bytes_read = 9223372036854775807, run_time = 5e-324,
			  md_cost_pct = 1.7976931348623157e308, io_time_total = 1.0 / 3
			  WHERE id = last_insert_rowid()" || echo "# sqlite3 failed on $_p"
	done
}
SQ=$TMP/hostile.db
cp "$SQ0" "$SQ"
hostile "$SQ" \
	"'/h/tab' || char(9) || 'x'~'a' || char(10) || 'b'~'back\\slash'" \
	"'/h/nl' || char(10) || '\\.'~'\\N'~''" \
	"'/h/q''\"' || char(13) || char(10)~'x' || char(9) || char(9) || '\\t'~'O''Brien'" \
	"'/h/bad' || CAST(x'fffe80' AS TEXT)~CAST(x'c328' AS TEXT)~CAST(x'e282' AS TEXT)"
is "$(sqlite3 "$SQ" "SELECT count(*) FROM jobs WHERE path LIKE '/h/%' AND mib_s = 0.1")" 4 "... and 4 of hostile texts"

# a shard of more than one batch: the 34 rows and 290 copies of each
BIG=$TMP/big.db
cp "$SQ" "$BIG"
sqlite3 "$BIG" "WITH RECURSIVE k(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM k WHERE n < 290)
	INSERT INTO jobs (path, $COLS) SELECT path || '#' || n, $COLS FROM jobs, k
	WHERE jobs.id <= (SELECT max(id) FROM jobs) ORDER BY n, jobs.id"
is "$(sqlite3 "$BIG" "SELECT count(*) FROM jobs")" 9894 "a shard of 9894 jobs"

logpos() { wc -c <"$TMP/pg/log"; }
# copies POS: the COPY statements of whole rows into jobs logged since POS
copies() { tail -c +$(($1 + 1)) "$TMP/pg/log" | grep -cE 'statement: COPY (iol_copy_jobs |jobs \(id, )'; }
ascii_db() {	# a database that takes any bytes, statements logged
	"$PGBIN/createdb" -w -h "$PGD" -p "$PGPORT_T" -U iolens -E SQL_ASCII \
		-T template0 "$1" && pg_q "$1" "ALTER DATABASE $1 SET log_statement = 'all'" &&
		pg_url "$1"
}
dump() {	# every table of the store as COPY writes it, the generation left out
	for _t in "jobs ORDER BY id" "errors ORDER BY path" "sched ORDER BY id" \
		"meta WHERE key <> 'generation' ORDER BY key"; do
		echo "== $_t"
		pg_q "$1" "COPY (SELECT * FROM $_t) TO STDOUT"
	done
}

# ---- COPY and INSERT store the same ----
A=$(ascii_db copied) || { ok 1 "createdb"; done_testing; exit; }
B=$(ascii_db inserted)
p=$(logpos)
$RUN merge-db "$A" "$SQ" >"$TMP/m" 2>&1
is "$?:$(cat "$TMP/m")" "0:1 store: 34 jobs added" "merge-db of hostile texts into PostgreSQL"
ok "$([ "$(copies "$p")" = 1 ]; echo $?)" "... through one COPY"
# the join after the merge rewrote none of the jobs the shard had joined:
# they are as the merge's transaction wrote them, with its scheduler's rows
is "$(pg_q copied "SELECT count(*), count(*) FILTER (WHERE xmin::text = (SELECT min(xmin::text) FROM sched)) FROM jobs WHERE nodes_source = 'scheduler'")" \
	"34|34" "... its 34 joined jobs inserted with their sched_id, not rewritten by the join"
p=$(logpos)
$RUN merge-db "$A" "$BIG" >"$TMP/m" 2>&1
is "$?:$(cat "$TMP/m")" "0:1 store: 9860 jobs added" "merge-db of 9894 jobs, 34 of them there: 9860 added"
ok "$([ "$(copies "$p")" = 1 ]; echo $?)" "... through one COPY"
p=$(logpos)
IOLENS_TEST_PG_NOCOPY=1 $RUN merge-db "$B" "$SQ" >"$TMP/m" 2>&1
is "$?:$(cat "$TMP/m")" "0:1 store: 34 jobs added" "IOLENS_TEST_PG_NOCOPY=1: the same by INSERTs"
IOLENS_TEST_PG_NOCOPY=1 $RUN merge-db "$B" "$BIG" >"$TMP/m" 2>&1
is "$?:$(cat "$TMP/m")" "0:1 store: 9860 jobs added" "... and the big shard"
is "$(copies "$p")" 0 "... without a COPY"
# rows the shard had not joined to the scheduler's jobs: joined by the
# merge's join on both paths
NOJ=$TMP/nojoin.db
cp "$SQ0" "$NOJ"
sqlite3 "$NOJ" "UPDATE jobs SET path = path || '.b', nodes = 1, nodes_source = 'log', project = 'p0'; DELETE FROM sched"
$RUN merge-db "$A" "$NOJ" >"$TMP/m" 2>&1
is "$?:$(cat "$TMP/m")" "0:1 store: 30 jobs added" "merge-db of 30 jobs not joined"
IOLENS_TEST_PG_NOCOPY=1 $RUN merge-db "$B" "$NOJ" >"$TMP/m" 2>&1
is "$?:$(cat "$TMP/m")" "0:1 store: 30 jobs added" "... by INSERTs too"
n=$(pg_q copied "SELECT count(*) FROM jobs WHERE path LIKE '%.b' AND sched_id IS NOT NULL AND nodes_source = 'scheduler'")
ok "$([ "$n" -gt 0 ]; echo $?)" "... $n of them joined by the merge"
dump copied >"$TMP/a.dump"
dump inserted >"$TMP/b.dump"
ok "$([ "$(wc -l <"$TMP/a.dump")" -gt 9900 ] && cmp -s "$TMP/a.dump" "$TMP/b.dump"; echo $?)" \
	"COPY and INSERT: every table the same, byte for byte (ids, NULLs, floats)"
cmp "$TMP/a.dump" "$TMP/b.dump" 2>&1 | head -2 | sed 's/^/#   /'
n=$(pg_q copied "SELECT count(*) FROM jobs WHERE sched_id IS NOT NULL AND nodes_source = 'scheduler'")
ok "$([ "$n" -gt 1000 ]; echo $?)" "... the scheduler's jobs joined to $n of them on both"

# the texts are the shard's bytes; the numbers exact
hx() { echo "CASE WHEN $1 IS NULL THEN 'NULL' ELSE $2 END"; }
pghex() { hx "$1" "encode(convert_to($1, 'SQL_ASCII'), 'hex')"; }
want=$(sqlite3 -separator ' ' "$SQ" "SELECT lower(hex(path)), $(hx exe 'lower(hex(exe))'), $(hx '"user"' 'lower(hex("user"))'), $(hx app "'x'") FROM jobs WHERE path LIKE '/h/%' ORDER BY path")
got=$(pg_q copied "SELECT $(pghex path), $(pghex exe), $(pghex '"user"'), $(hx app "'x'") FROM jobs WHERE path LIKE '/h/%' AND path NOT LIKE '%#%' ORDER BY path" | tr '|' ' ')
is "$(echo "$got" | grep -c "^2f682f")" 4 "four rows of hostile texts compared"
is "$got" "$want" "tabs, newlines, backslashes, quotes, \\N, invalid UTF-8, '' beside NULL: the shard's bytes"
is "$(pg_q copied "SELECT DISTINCT mib_s, bytes_read, run_time, md_cost_pct, io_time_total FROM jobs WHERE path LIKE '/h/%'")" \
	"0.1|9223372036854775807|5e-324|1.7976931348623157e+308|0.3333333333333333" \
	"reals exact, the largest integer whole"

# ---- a COPY that fails leaves the store as it was ----
C=$(pg_newdb utf) || { ok 1 "createdb"; done_testing; exit; }
pg_q utf "ALTER DATABASE utf SET log_statement = 'all'" >/dev/null
$RUN merge-db "$C" "$SQ0" >/dev/null 2>&1
dump utf >"$TMP/c0.dump"
g0=$(pg_q utf "SELECT value FROM meta WHERE key = 'generation'")
# bad SHARD HOW DESCRIPTION: a copy of the clean store grown past one batch
# and one last row (by path) made bad by HOW, merged: exit 1, the store
# unchanged
bad() {
	cp "$SQ0" "$1"
	sqlite3 "$1" "WITH RECURSIVE k(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM k WHERE n < 280)
		INSERT INTO jobs (path, $COLS) SELECT path || '#' || n, $COLS FROM jobs, k
		WHERE jobs.id <= (SELECT max(id) FROM jobs) ORDER BY n, jobs.id"
	sqlite3 "$1" "INSERT INTO jobs (path, $COLS) SELECT '/zzz/last', $COLS FROM jobs ORDER BY id LIMIT 1;
		UPDATE jobs SET $2 WHERE path = '/zzz/last'"
	p=$(logpos)
	$RUN merge-db "$C" "$1" >"$TMP/m" 2>&1
	is "$?:$(wc -l <"$TMP/m")" "1:1" "$3: exit 1, one line"
	case $(cat "$TMP/m") in
	*"$4"*) ok 0 "... saying so" ;;
	*) ok 1 "... saying so: $(cat "$TMP/m")" ;;
	esac
	ok "$([ "$(copies "$p")" = 1 ]; echo $?)" "... in the COPY into jobs"
	dump utf >"$TMP/c1.dump"
	ok "$(cmp -s "$TMP/c0.dump" "$TMP/c1.dump"; echo $?)" "... every table as before"
	is "$(pg_q utf "SELECT value FROM meta WHERE key = 'generation'")" "$g0" "... the generation as before"
}
bad "$TMP/bad1.db" "exe = CAST(x'ff' AS TEXT)" "invalid UTF-8 in a UTF8 database" \
	"invalid byte sequence"
bad "$TMP/bad2.db" "nprocs = 'many'" "a text in a number column" \
	"invalid input syntax for type bigint"
done_testing
