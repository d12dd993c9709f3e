#!/bin/sh
# merge-db into a PostgreSQL store of a shard holding at least a quarter
# as many rows as the store drops the secondary indexes of jobs in its
# transaction and builds them after its rows (their OIDs change, the
# primary key's and the path's unique key's do not); a smaller shard
# leaves them in place (their OIDs kept).  Either way the store ends with
# the indexes and rows of a merge that never drops them
# (IOLENS_TEST_PG_REINDEX=0): pg_indexes' definitions and every table
# compared byte for byte, hostile strings included.  A merge that fails
# in its COPY into jobs, after the drop, leaves rows and indexes as
# they were, the same OIDs; an index with a comment is left in place.
# A merge's COMMIT waits for the disk as the server says (the store's
# session does not).  With no scheduler's jobs the join after a merge
# runs no UPDATE.  Counts only; against a private server (t/pg/server.sh)
# whose log shows the statements.
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || skip_all "no sqlite3"
. "$TOP/t/pg/server.sh"
pg_start "$TMP/pg" || { pg_stop; skip_all "$PG_WHY"; }
trap 'pg_stop; rm -rf "$TMP"' EXIT
trap 'exit 130' INT TERM HUP

S=$SAMPLES/population
mkdir "$TMP/logs"
cp "$S"/logs/*.darshan "$TMP/logs/"
SQ0=$TMP/clean.db
$RUN ingest --db "$SQ0" "$TMP/logs" >/dev/null 2>&1
$RUN ingest --db "$SQ0" --sacct "$S/sacct.txt" >/dev/null 2>&1
is "$(sqlite3 "$SQ0" "SELECT count(*) FROM jobs")" 30 "a SQLite store of 30 jobs"
COLS=$(sqlite3 "$SQ0" "SELECT group_concat('\"' || name || '\"', ', ') FROM pragma_table_info('jobs') WHERE name NOT IN ('id', 'path')")

# shard DB N FIX [TAG]: the 30 jobs and N copies of each (path TAG k,
# TAG '#' by default), then the SQL FIX run on it
shard() {
	cp "$SQ0" "$1"
	sqlite3 "$1" "WITH RECURSIVE k(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM k WHERE n < $2)
		INSERT INTO jobs (path, $COLS) SELECT path || '${4:-#}' || n, $COLS FROM jobs, k
		WHERE jobs.id <= 30 ORDER BY n, jobs.id; $3"
}
# hostile texts in three rows of the shard, and awkward numbers
HOST="UPDATE jobs SET exe = 'a' || char(9) || 'b' || char(10) || '\\N', \"user\" = 'O''Brien\\.' || char(13),
	mib_s = 0.1, bytes_read = 9223372036854775807 WHERE path LIKE '%#2';
	UPDATE jobs SET app = '', project = NULL, exe = 'back\\slash' WHERE path LIKE '%#3'"
shard "$TMP/small.db" 0 "UPDATE jobs SET path = path || '.s' WHERE id <= 7; DELETE FROM jobs WHERE id > 7"
shard "$TMP/mid.db" 9 "$HOST" "#m"
shard "$TMP/big.db" 300 "$HOST"
is "$(for f in small mid big; do sqlite3 "$TMP/$f.db" "SELECT count(*) FROM jobs"; done | tr '\n' ' ')" \
	"7 300 9030 " "shards of 7, 300 and 9030 jobs"

logpos() { wc -c <"$TMP/pg/log"; }
# said POS WORDS: statements beginning WORDS logged since POS
said() { tail -c +$(($1 + 1)) "$TMP/pg/log" | grep -c "statement: $2"; }
logged() {
	pg_newdb "$1" >/dev/null && pg_q "$1" "ALTER DATABASE $1 SET log_statement = 'all'" >/dev/null &&
		pg_url "$1"
}
# the indexes of jobs, "name oid"; their definitions
oids() { pg_q "$1" "SELECT c.relname || ' ' || i.indexrelid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = 'jobs'::regclass ORDER BY 1" 2>/dev/null; }
defs() { pg_q "$1" "SELECT indexname || ' ' || indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1"; }
# kept A B: how many indexes of list A are in list B, OID and all
kept() { printf '%s\n' "$1" | grep -cxF "$2"; }
dump() {
	for _t in "jobs ORDER BY id" "errors ORDER BY path" "sched ORDER BY id" \
		"meta WHERE key <> 'generation' ORDER BY key"; do
		echo "== $_t"
		pg_q "$1" "COPY (SELECT * FROM $_t) TO STDOUT"
	done
}

A=$(logged reidx) || { ok 1 "createdb"; done_testing; exit; }
B=$(logged kept) || { ok 1 "createdb"; done_testing; exit; }
# step NAME SHARD ADDED: SHARD merged into both, the reference never
# dropping the indexes
step() {
	o0=$(oids reidx)
	p=$(logpos)
	$RUN merge-db "$A" "$2" >"$TMP/m" 2>&1
	is "$?:$(cat "$TMP/m")" "0:1 store: $3 jobs added" "$1: merged"
	o1=$(oids reidx)
	d=$(said "$p" "DROP INDEX")
	c=$(said "$p" "CREATE INDEX jobs_")
	y="$(said "$p" "SET synchronous_commit = off") $(said "$p" "SET LOCAL synchronous_commit TO DEFAULT")"
	IOLENS_TEST_PG_REINDEX=0 $RUN merge-db "$B" "$2" >"$TMP/m" 2>&1
	is "$?:$(cat "$TMP/m")" "0:1 store: $3 jobs added" "$1: merged by the reference"
	is "$(defs reidx)" "$(defs kept)" "$1: pg_indexes' definitions as the reference's"
	is "$(echo "$o1" | wc -l)" 30 "$1: 30 indexes on jobs"
	dump reidx >"$TMP/a.dump"
	dump kept >"$TMP/b.dump"
	ok "$(cmp -s "$TMP/a.dump" "$TMP/b.dump"; echo $?)" "$1: every table as the reference's, byte for byte"
}

# 30 rows into an empty store: built after its rows
step "30 jobs into an empty store" "$SQ0" 30
is "$d $c" "1 1" "... its 26 secondary indexes built after its rows (one DROP INDEX, one CREATE INDEX statement)"
# the store's session commits without waiting (SET synchronous_commit =
# off): not a merge, whose COMMIT waits as the server's setting says
is "$y" "1 1" \
	"... its COMMIT waiting for the disk, as the server's setting says"
# 7 rows into 30 (less than a quarter): indexes left in place
step "7 jobs into 30" "$TMP/small.db" 7
is "$(kept "$o0" "$o1") $d $c" "30 0 0" "... all 30 indexes kept, none dropped"
# 300 into 37 (8x): built after
step "300 jobs into 37, hostile strings" "$TMP/mid.db" 270
is "$(kept "$o0" "$o1") $d $c" "2 1 1" "... 26 indexes built again"
# 9030 into 337: built after, once
step "9030 jobs into 337" "$TMP/big.db" 9000
is "$(kept "$o0" "$o1") $d $c" "2 1 1" "... 26 indexes built again, once"
# the hostile strings are the shard's bytes
want=$(sqlite3 -separator ' ' "$TMP/big.db" "SELECT lower(hex(exe)), lower(hex(\"user\")), mib_s, bytes_read FROM jobs WHERE path LIKE '%#2' ORDER BY path" | head -3)
got=$(pg_q reidx "SELECT encode(convert_to(exe, 'UTF8'), 'hex'), encode(convert_to(\"user\", 'UTF8'), 'hex'), mib_s, bytes_read FROM jobs WHERE path LIKE '%#2' ORDER BY path LIMIT 3" | tr '|' ' ')
is "$(echo "$got" | wc -l)" 3 "three rows of hostile strings"
is "$got" "$want" "... tabs, newlines, \\N, \\., quotes, carriage returns: the shard's bytes, the numbers exact"
is "$(pg_q reidx "SELECT count(*) FROM jobs WHERE app = '' AND project IS NULL AND exe = 'back\\slash'")" \
	"$(sqlite3 "$TMP/big.db" "SELECT count(*) FROM jobs WHERE app = '' AND project IS NULL AND exe = 'back\\slash'")" \
	"... '' beside NULL, a backslash"
# a query the rebuilt indexes answer
Q="SELECT count(*) FROM jobs WHERE \"user\" IS NOT NULL AND bytes_read >= 0"
n=$(pg_q reidx "SET enable_seqscan = off; $Q")
is "$n" "$(pg_q reidx "SET enable_indexscan = off; SET enable_bitmapscan = off; SET enable_indexonlyscan = off; $Q")" \
	"... a scan of the rebuilt indexes finds the rows a scan of the table does ($n)"
is "$(pg_q reidx "SELECT count(*) FROM jobs")" 9307 "... 9307 jobs"

# ---- a merge that fails after the drop leaves everything as it was ----
C=$(logged failing) || { ok 1 "createdb"; done_testing; exit; }
$RUN merge-db "$C" "$SQ0" >/dev/null 2>&1
dump failing >"$TMP/c0.dump"
o0=$(oids failing)
d0=$(defs failing)
g0=$(pg_q failing "SELECT value FROM meta WHERE key = 'generation'")
# bad SHARD FIX DESCRIPTION MESSAGE: 8431 rows, the last by path made
# bad: the COPY into jobs fails
bad() {
	shard "$1" 280 "INSERT INTO jobs (path, $COLS) SELECT '/zzz/last', $COLS FROM jobs ORDER BY id LIMIT 1;
		UPDATE jobs SET $2 WHERE path = '/zzz/last'"
	p=$(logpos)
	$RUN merge-db "$C" "$1" >"$TMP/m" 2>&1
	is "$?:$(wc -l <"$TMP/m")" "1:1" "$3: exit 1, one line"
	case $(cat "$TMP/m") in
	*"$4"*) ok 0 "... saying so" ;;
	*) ok 1 "... saying so: $(cat "$TMP/m")" ;;
	esac
	is "$(said "$p" "DROP INDEX") $(said "$p" "COPY jobs (id,") $(said "$p" "CREATE INDEX jobs_")" "1 1 0" \
		"... after the drop, in the COPY into jobs, before the build"
	dump failing >"$TMP/c1.dump"
	ok "$(cmp -s "$TMP/c0.dump" "$TMP/c1.dump"; echo $?)" "... every row as before"
	is "$(defs failing)" "$d0" "... pg_indexes' definitions as before"
	o1=$(oids failing)
	is "$(kept "$o0" "$o1")" 30 "... the same 30 indexes, OIDs and all"
	is "$(pg_q failing "SELECT value FROM meta WHERE key = 'generation'")" "$g0" "... the generation as before"
}
bad "$TMP/bad1.db" "nprocs = 'many'" "a text in a number column" \
	"invalid input syntax for type bigint"
bad "$TMP/bad2.db" "exe = CAST(x'ff' AS TEXT)" "invalid UTF-8 in a UTF8 database" \
	"invalid byte sequence"

# ---- no scheduler's jobs: no join ----
NS=$TMP/nosched.db
cp "$SQ0" "$NS"
sqlite3 "$NS" "DELETE FROM sched; UPDATE jobs SET sched_id = NULL"
E=$(logged nosched) || { ok 1 "createdb"; done_testing; exit; }
p=$(logpos)
$RUN merge-db "$E" "$NS" >"$TMP/m" 2>&1
is "$?:$(cat "$TMP/m")" "0:1 store: 30 jobs added" "a store without scheduler's jobs merged"
is "$(said "$p" "UPDATE jobs SET")" 0 "... no UPDATE of jobs after it: nothing to join"
p=$(logpos)
$RUN merge-db "$E" "$SQ0" >"$TMP/m" 2>&1
is "$?:$(cat "$TMP/m")" "0:1 store: 0 jobs added" "the scheduler's jobs merged in"
is "$(said "$p" "UPDATE jobs SET")" 2 "... the join runs (two UPDATEs)"
n=$(pg_q nosched "SELECT count(*) FROM jobs WHERE sched_id IS NOT NULL")
ok "$([ "$n" -gt 0 ]; echo $?)" "... $n jobs joined"

# ---- an index pg_get_indexdef() cannot say all of stays in place ----
pg_q nosched "COMMENT ON INDEX jobs_by_nodes IS 'the admin''s'" >/dev/null
o0=$(oids nosched)
p=$(logpos)
$RUN merge-db "$E" "$TMP/mid.db" >"$TMP/m" 2>&1
is "$?:$(cat "$TMP/m")" "0:1 store: 270 jobs added" "300 jobs into 30, an index commented"
is "$(kept "$o0" "$(oids nosched)") $(said "$p" "DROP INDEX")" "3 1" "... 25 indexes built again, the commented one kept"
is "$(pg_q nosched "SELECT obj_description('jobs_by_nodes'::regclass, 'pg_class')")" "the admin's" "... with its comment"
done_testing
