#!/bin/sh
# iolens serve on a PostgreSQL store (a private server this test starts,
# t/pg/server.sh): a job page is the same as on an SQLite store of the
# same logs (ingested one by one in the same order: the same ids), it is
# kept as on SQLite (a revisit starts no child), and an ingest into the
# store is seen at the next request: the list's total counts the new
# job, and a job page whose tables read the store is made again.  The
# state that tells (the store's generation, meta 'generation') changes
# with every write to the store and not with a read, nor with a write to
# another database of the same server (which moved the server's
# transaction snapshot, the state before).  A store without a
# generation (made before it) is still served, by that snapshot.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve.sh"
serve_needs
. "$TOP/t/pg/server.sh"
pg_start "$TMP/pg" || { pg_stop; skip_all "$PG_WHY"; }
trap 'for p in $_serve_pids; do kill "$p" 2>/dev/null; done; pg_stop; rm -rf "$TMP"' EXIT
trap 'exit 130' INT TERM HUP

mkdir -p "$TMP/logs"
set -- $(ls "$SAMPLES"/population/logs/*.darshan | head -4)
for f in "$1" "$2" "$3" "$4"; do cp "$f" "$TMP/logs/"; done
SQ=$TMP/s.db
PG=$(pg_newdb s) || { ok 1 "createdb"; done_testing; exit; }
for f in "$1" "$2" "$3"; do
	b=$TMP/logs/$(basename "$f")
	$IOLENS ingest --db "$SQ" "$b" >/dev/null 2>&1 &&
		$IOLENS ingest --db "$PG" "$b" >/dev/null 2>&1 || echo "# ingest $b failed"
done
is "$(pg_q s "SELECT count(*) FROM jobs")" 3 "three jobs in the PostgreSQL store"
FOURTH=$TMP/logs/$(basename "$4")

serve_start Q --db "$SQ" --logs "$TMP/logs"
serve_start P --db "$PG" --logs "$TMP/logs"
children() { get "$P_URL/api/stats" | sed -n 's/.*"children": \([0-9]*\).*/\1/p'; }
# a page without what differs by nature: the store's name, and its row
# of the store (the time of the ingest)
page() {	# page URL STORE
	get "$1" | sed -e "s|$2|STORE|g" -e '/<section><h2>In the store/,/<\/section>/d'
}

for id in 1 3; do
	page "$Q_URL/job/$id" "$SQ" >"$TMP/q.$id"
	page "$P_URL/job/$id" "$PG" >"$TMP/p.$id"
	grep -q '<h2>Against its app' "$TMP/p.$id" && cmp -s "$TMP/q.$id" "$TMP/p.$id"
	ok $? "job $id: the page on PostgreSQL is the page on SQLite"
	[ -s "$TMP/p.$id" ] && ! cmp -s "$TMP/q.$id" "$TMP/p.$id" &&
		diff "$TMP/q.$id" "$TMP/p.$id" | head -6 | cut -c1-200 | sed 's/^/#   /'
done

c0=$(children)
get "$P_URL/job/1" >/dev/null
is "$(($(children) - c0))" 0 "PostgreSQL: the page again starts no child"
get "$P_URL/jobs" >/dev/null
is "$(hdr X-Total-Count)" 3 "the list's total: 3"
get "$P_URL/jobs" >/dev/null
is "$(hdr X-Total-Count)" 3 "... again"

# a write to another database of the server: the store is the same
OTHER=$(pg_newdb other) || echo "# createdb other failed"
pg_q other "CREATE TABLE t (x int); INSERT INTO t VALUES (1), (2)"
c0=$(children)
get "$P_URL/job/1" >/dev/null
is "$(($(children) - c0))" 0 "a write to another database: the page kept, no child"
pg_q other "INSERT INTO t VALUES (3)"
get "$P_URL/job/3" >/dev/null
is "$(($(children) - c0))" 0 "... another job's page too"

# a write: the next request sees it
$IOLENS ingest --db "$PG" "$FOURTH" >/dev/null 2>&1
ok $? "a fourth job ingested while serve runs"
get "$P_URL/jobs" >/dev/null
is "$(hdr X-Total-Count)" 4 "the list's total counts it at the next request"
c0=$(children)
get "$P_URL/job/1" >/dev/null
is "$(($(children) - c0))" 1 "a job page that reads the store: made again, once"
get "$P_URL/job/1" >/dev/null
is "$(($(children) - c0))" 1 "... and kept again"

# a store made before the generation (no row): the server's snapshot
# tells its writes, as before
pg_q s "DELETE FROM meta WHERE key = 'generation'"
get "$P_URL/job/1" | grep -q '<h2>Against its app'
ok $? "a store without a generation: the page"
pg_q s "DELETE FROM jobs WHERE id = (SELECT max(id) FROM jobs)"
get "$P_URL/jobs" >/dev/null
is "$(hdr X-Total-Count)" 3 "... and a write to it seen at the next request"

done_testing
