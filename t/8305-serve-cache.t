#!/bin/sh
# iolens serve keeps the commands' outputs: a job page runs ONE child
# for all its sections (iolens --serve-batch), a revisit none, and a log
# touched (another mtime: another identity) or a store written is read
# again.  The children are counted by /api/stats.  The page is the same
# bytes however it was made.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve.sh"
command -v curl >/dev/null || skip_all "no curl"
[ -f "$(dirname "$IOLENS")/iolens-serve.so" ] || [ -n "${IOLENS_SERVE:-}" ] ||
	skip_all "bin/iolens-serve.so is not built (no libmicrohttpd-dev)"

mkdir -p "$TMP/logs"
for f in $(ls "$SAMPLES"/population/logs/*.darshan | head -3); do
	cp "$f" "$TMP/logs/"
done
DB=$TMP/pop.db
$IOLENS ingest --db "$DB" "$TMP/logs" >/dev/null 2>&1
ok $? "ingest"
LOG=$(sqlite3 "$DB" "SELECT path FROM jobs WHERE id = 1")

# the batch itself: each command's status, output and error framed,
# a failing command not ending those after it
$IOLENS --serve-batch meta /dev/fd/3 --format csv "$(printf '\036')" \
	nosuch "$(printf '\036')" meta /dev/fd/3 --format csv \
	3<"$LOG" >"$TMP/batch"
ok $? "--serve-batch exits 0"
$IOLENS meta /dev/fd/3 --format csv 3<"$LOG" >"$TMP/meta.csv"
n=$(wc -c <"$TMP/meta.csv" | tr -d ' ')
is "$(grep -ac "^0 $n 0\$" "$TMP/batch")" 2 "two frames of meta's output"
is "$(grep -ac '^2 0 [1-9]' "$TMP/batch")" 1 "the unknown command's status 2 and its message"

serve_start S --db "$DB" --logs "$TMP/logs"
children() { get "$S_URL/api/stats" | sed -n 's/.*"children": \([0-9]*\).*/\1/p'; }
c0=$(children)
is "$c0" 0 "/api/stats: no child yet"

get "$S_URL/job/1" >"$TMP/p1"
is "$(cat "$TMP/code")" 200 "a job page"
grep -q "<h2>Metadata</h2>" "$TMP/p1" && grep -q "<h2>Summary</h2>" "$TMP/p1"
ok $? "... with its sections"
is "$(($(children) - c0))" 1 "... made by one child"
c0=$(children)
get "$S_URL/job/1" >"$TMP/p2"
is "$(($(children) - c0))" 0 "the page again: no child"
cmp -s "$TMP/p1" "$TMP/p2"
ok $? "... the same bytes"

c0=$(children)
get "$S_URL/api/job/1" >"$TMP/j1"
is "$(($(children) - c0))" 1 "its JSON twin: one child"
get "$S_URL/api/job/1" >"$TMP/j2"
is "$(($(children) - c0))" 1 "... again: none more"
cmp -s "$TMP/j1" "$TMP/j2"
ok $? "... the same bytes"

# a log touched is another log: read again
touch -m -d '2001-01-01 00:00:00' "$LOG"
c0=$(children)
get "$S_URL/job/1" >"$TMP/p3"
is "$(($(children) - c0))" 1 "the log touched: the page made again"
cmp -s "$TMP/p1" "$TMP/p3"
ok $? "... the same bytes (the log's contents are)"

c0=$(children)
get "$S_URL/" >"$TMP/d1"
is "$(cat "$TMP/code")" 200 "the dashboard"
is "$(($(children) - c0))" 1 "... its five tables by one child"
get "$S_URL/" >"$TMP/d2"
is "$(($(children) - c0))" 1 "... again: none more"
cmp -s "$TMP/d1" "$TMP/d2"
ok $? "... the same bytes"
sqlite3 "$DB" "UPDATE jobs SET app = 'renamed_app' WHERE id = 2"
c0=$(children)
get "$S_URL/" >"$TMP/d3"
is "$(($(children) - c0))" 1 "the store written: the tables made again"
grep -q renamed_app "$TMP/d3"
ok $? "... from the store as it is now"

# many asking at once for what no one has made yet: one child makes it,
# the others wait for it (whatever the order they come in)
serve_start M --db "$DB" --logs "$TMP/logs"
pids=
for i in 1 2 3 4 5 6 7 8; do
	curl -s -o "$TMP/m$i" "$M_URL/api/job/2" &
	pids="$pids $!"
done
wait $pids
is "$(curl -s "$M_URL/api/stats" | sed -n 's/.*"children": \([0-9]*\).*/\1/p')" 1 \
	"eight clients at once for a job's twin: one child"
same=0
for i in 2 3 4 5 6 7 8; do cmp -s "$TMP/m1" "$TMP/m$i" && same=$((same + 1)); done
is "$same" 7 "... each given the same bytes"

done_testing
