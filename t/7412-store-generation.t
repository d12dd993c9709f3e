#!/bin/sh
# The store's generation (meta 'generation', what iolens serve knows a
# PostgreSQL store unchanged by) moves in every transaction that writes
# the store, once, and in no other: on SQLite once per batch of rows
# (ingest, ingest --refresh=all, the scheduler's rows of ingest --sacct)
# and once per merge-db, ingest --fsload recording and join that joined
# rows; on PostgreSQL, where each row is its own transaction, once per
# row.  Reads (jobs, triage --db), an ingest of unchanged logs (its join
# of nothing) leave it as it is.  A store made before the generation
# gets it when a writer opens it.  On PostgreSQL only when a server can
# be started here (t/pg/server.sh).
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || skip_all "no sqlite3"
. "$TOP/t/fs/lmtgen.sh"
. "$TOP/t/pg/server.sh"
HAVE_PG=1
pg_start "$TMP/pg" || { pg_stop; HAVE_PG=0; echo "# no PostgreSQL part: $PG_WHY"; }
trap 'pg_stop; rm -rf "$TMP"' EXIT
trap 'exit 130' INT TERM HUP

S=$SAMPLES/population
mkdir -p "$TMP/logs" "$TMP/one"
set -- $(ls "$S"/logs/*.darshan)
cp "$@" "$TMP/logs/"
FIRST=$TMP/logs/$(basename "$1")
LAST=$TMP/logs/$(basename "$(eval echo "\${$#}")")
mv "$LAST" "$TMP/one/"
N=$(($# - 1))
REC=$TMP/gen.sqlite3
lmt_gen | sqlite3 "$REC"
SHARD=$TMP/shard.db
$RUN ingest --db "$SHARD" "$TMP/one" >/dev/null 2>&1

q() {	# q STORE SQL
	case $1 in
	postgresql:*) pg_q "$(echo "$1" | sed 's|postgresql:///\([^?]*\).*|\1|')" "$2" ;;
	*) sqlite3 "$1" "$2" ;;
	esac
}
gen() { q "$1" "SELECT value FROM meta WHERE key = 'generation'"; }
# moved KIND STORE WANT DESCRIPTION COMMAND...: the command moves the
# generation by WANT
moved() {
	_k=$1 _db=$2 _want=$3 _d=$4
	shift 4
	_g0=$(gen "$_db")
	"$@" >"$TMP/out" 2>&1 || echo "# exit $?: $(head -2 "$TMP/out")"
	_g1=$(gen "$_db")
	is "$((_g1 - _g0))" "$_want" "$_k: $_d"
}

run() {	# run KIND STORE
	K=$1 D=$2
	$RUN ingest --db "$D" "$FIRST" >/dev/null 2>&1
	g=$(gen "$D")
	case $g in
	[1-9]*) ok 0 "$K: a new store has a generation" ;;
	*) ok 1 "$K: a new store has a generation ($g)" ;;
	esac
	# per transaction: SQLite a batch of up to 500 rows, PostgreSQL a row
	if [ "$K" = sqlite ]; then rows=1 all=1; else rows=$((N - 1)) all=$N; fi
	moved $K "$D" $rows "ingest of the other logs" $RUN ingest --db "$D" "$TMP/logs"
	moved $K "$D" 0 "ingest of the same logs, unchanged" $RUN ingest --db "$D" "$TMP/logs"
	moved $K "$D" 0 "jobs --db (a read)" $RUN jobs --db "$D" --format=csv
	moved $K "$D" 0 "triage --db (a read)" $RUN triage --db "$D"
	touch "$FIRST"
	moved $K "$D" 1 "ingest of one changed log" $RUN ingest --db "$D" "$TMP/logs"
	moved $K "$D" $all "ingest --refresh=all" $RUN ingest --db "$D" --refresh=all "$TMP/logs"
	moved $K "$D" 1 "merge-db of a shard of one job" $RUN merge-db "$D" "$SHARD"
	moved $K "$D" 1 "ingest --fsload of one recording" $RUN ingest --db "$D" --fsload "$REC"
	moved $K "$D" 0 "ingest --fsload of it again, unchanged" $RUN ingest --db "$D" --fsload "$REC"
	# the scheduler's rows (one batch, or one each), then the join
	g0=$(gen "$D")
	$RUN ingest --db "$D" --sacct "$S/sacct.txt" >"$TMP/out" 2>&1
	ns=$(q "$D" "SELECT count(*) FROM sched")
	nj=$(q "$D" "SELECT count(*) FROM jobs WHERE sched_id IS NOT NULL")
	[ "$K" = sqlite ] && ns=1
	[ "$nj" -gt 0 ] && nj=1
	is "$(($(gen "$D") - g0))" "$((ns + nj))" "$K: ingest --sacct: its rows' transactions and the join's"
	# a store made before the generation: it gets one when opened to write
	q "$D" "DELETE FROM meta WHERE key = 'generation'"
	$RUN jobs --db "$D" --format=csv >/dev/null 2>&1
	is "$(gen "$D")" "" "$K: a store without a generation: a read adds none"
	$RUN ingest --db "$D" "$TMP/logs" >/dev/null 2>&1
	g=$(gen "$D")
	case $g in
	[1-9]*) ok 0 "$K: an ingest gives an older store its generation" ;;
	*) ok 1 "$K: an ingest gives an older store its generation ($g)" ;;
	esac
}

run sqlite "$TMP/s.db"
if [ "$HAVE_PG" = 1 ]; then
	PG=$(pg_newdb s) || { ok 1 "createdb"; done_testing; exit; }
	run postgresql "$PG"
fi
done_testing
