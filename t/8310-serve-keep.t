#!/bin/sh
# iolens serve keeps what a background run made however large it is (the
# whole cache at most): the dashboard's tables, made in the background
# because a million jobs' take minutes, were dropped when one was more
# than an eighth of the cache, so each visit ran that command again in
# the foreground.  The cache is made small here (IOLENS_TEST_PAGE_CACHE,
# 4 KiB: the groups table of three jobs is more than an eighth of it).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve.sh"
serve_needs

serve_store 3
n=$($IOLENS groups --db "$DB" --by app --format csv | wc -c)
ok $((!(n > 512))) "the groups table is more than an eighth of 4 KiB ($n bytes)"

IOLENS_TEST_PAGE_CACHE=4096 serve_start S --db "$DB" --logs "$TMP/logs"
children() { get "$S_URL/api/stats" | sed -n 's/.*"children": \([0-9]*\).*/\1/p'; }
# the first visits may find the tables being made (a loaded machine):
# until one has them (given up after 2 minutes: never kept)
n=0
until get "$S_URL/" >"$TMP/d1" && ! grep -q 'being made' "$TMP/d1" ||
	[ $n -ge 600 ]; do
	sleep 0.2
	n=$((n + 1))
done
grep -q '<h2>Applications</h2>' "$TMP/d1" &&
	sed -n '/<h2>Applications/,/<\/section>/p' "$TMP/d1" | grep -q '<table'
ok $? "the dashboard has its applications' table"
is "$(children)" 1 "... made by one child, the large table kept"
get "$S_URL/" >"$TMP/d2"
get "$S_URL/" >"$TMP/d3"
is "$(children)" 1 "two visits more: no child more"
cmp -s "$TMP/d1" "$TMP/d3"
ok $? "... the same page"
done_testing
