#!/bin/sh
# A killed ingest (kill -9 mid-run, over a tree of 25 x 406 logs) into a
# store leaves a store that opens; the rerun adds exactly the logs not yet
# committed: rows = logs, no duplicates, no lost log.  (A new store is
# written unseen and left whole or not at all: t/2011.)
. "$(dirname "$0")/lib.sh"
need_shared
POP=$SHARED/corpus/population/logs
[ -d "$POP" ] || skip_all "no population corpus"
command -v sqlite3 >/dev/null || skip_all "sqlite3 (the CLI) is not installed"
q() { sqlite3 -batch -noheader -separator '	' "$@"; }

mkdir "$TMP/src" "$TMP/tree"
cp "$POP"/*.darshan "$TMP/src/"
for d in $(seq -w 1 25); do
	mkdir "$TMP/tree/$d"
	ln "$TMP"/src/*.darshan "$TMP/tree/$d/"
done
total=$((25 * $(ls "$TMP/src" | wc -l)))

DB=$TMP/k.db
mkdir "$TMP/first"
cp "$TMP/src/$(ls "$TMP/src" | head -n 1)" "$TMP/first/first.darshan"
$IOLENS ingest --db "$DB" "$TMP/first" >/dev/null 2>&1
ok $? "a store of one log"
$IOLENS ingest --db "$DB" -j 1 "$TMP/tree" >/dev/null 2>&1 &
pid=$!
# kill once a batch is committed, i.e. mid-run
i=0
while [ $i -lt 600 ]; do
	c=$(q "$DB" 'SELECT count(*) FROM jobs' 2>/dev/null || echo 0)
	[ "${c:-0}" -gt 1 ] && break
	sleep 0.05
	i=$((i + 1))
done
kill -9 $pid 2>/dev/null
killed=$?
wait $pid 2>/dev/null
c=$(($(q "$DB" 'SELECT count(*) FROM jobs') - 1))
diag "killed after $c of $total rows were committed"
ok "$killed" "the ingest was still running when killed"
ok "$([ "$c" -lt "$total" ]; echo $?)" "it was killed mid-run ($c < $total)"
is "$(q "$DB" 'PRAGMA integrity_check')" "ok" "the store is intact"

$IOLENS ingest --db "$DB" "$TMP/tree" >"$TMP/out" 2>"$TMP/err"
ok $? "the rerun exits 0"
is "$(cat "$TMP/out")" "$total logs: $((total - c)) added, 0 refreshed, $c unchanged, 0 failed" \
	"the rerun adds what was not committed"
is "$(q "$DB" 'SELECT count(*), count(DISTINCT path) FROM jobs')" "$((total + 1))	$((total + 1))" \
	"rows = logs, no duplicates"

done_testing
