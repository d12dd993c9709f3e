#!/bin/sh
# iolens serve keeps a job page and the dashboard whole, not only their
# commands' outputs: a visit of a page made before copies it (one of
# the cache's hits, /api/stats) instead of parsing nine outputs and
# writing their tables and charts again; the same bytes, the same
# X-Total-Count.  The log touched or the store written, it is made
# again.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve.sh"
serve_needs

serve_store 3
LOG=$(sqlite3 "$DB" "SELECT path FROM jobs WHERE id = 1")

serve_start S --db "$DB" --logs "$TMP/logs"
stat_of() { get "$S_URL/api/stats" | sed -n "s/.*\"$1\": \([0-9]*\).*/\1/p"; }
get "$S_URL/job/1" >"$TMP/p1"
h0=$(stat_of cache_hits)
c0=$(stat_of children)
get "$S_URL/job/1" >"$TMP/p2"
is "$(($(stat_of cache_hits) - h0)) $(($(stat_of children) - c0))" "1 0" \
	"a job page seen before: one hit (the page), no child"
cmp -s "$TMP/p1" "$TMP/p2"
ok $? "... the same bytes"
get "$S_URL/api/job/1" >"$TMP/j1"
h0=$(stat_of cache_hits)
get "$S_URL/api/job/1" >"$TMP/j2"
is "$(($(stat_of cache_hits) - h0))" 1 "its JSON twin the same"
cmp -s "$TMP/j1" "$TMP/j2"
ok $? "... the same bytes"

# the dashboard (until its tables are made: a loaded machine may say
# they are being made; such a page is not kept)
n=0
until get "$S_URL/" >"$TMP/d1" && ! grep -q 'being made' "$TMP/d1" ||
	[ $n -ge 600 ]; do
	sleep 0.2
	n=$((n + 1))
done
t1=$(hdr X-Total-Count)
h0=$(stat_of cache_hits)
get "$S_URL/" >"$TMP/d2"
t2=$(hdr X-Total-Count)
is "$(($(stat_of cache_hits) - h0))" 1 "the dashboard seen before: one hit"
cmp -s "$TMP/d1" "$TMP/d2"
ok $? "... the same bytes"
is "$t2" "$t1" "... the same X-Total-Count ($t1)"

# what it depends on changed: made again
touch -m -d '2001-01-01 00:00:00' "$LOG"
c0=$(stat_of children)
get "$S_URL/job/1" >"$TMP/p3"
is "$(($(stat_of children) - c0))" 1 "the log touched: the job page made again"
sqlite3 "$DB" "UPDATE jobs SET app = 'renamed_app' WHERE id = 1"
get "$S_URL/job/1" >"$TMP/p4"
grep -q renamed_app "$TMP/p4"
ok $? "the store written: the job page as the store is now"
get "$S_URL/" >"$TMP/d3"
grep -q renamed_app "$TMP/d3"
ok $? "... and the dashboard"
done_testing
