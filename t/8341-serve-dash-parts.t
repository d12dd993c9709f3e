#!/bin/sh
# The dashboard answers before its tables are made (IOLENS_SERVE_DASH_WAIT,
# 0.1 s by default; 0 here): the store's count and latest jobs at once,
# each table not made yet a section naming its own page
# (data-part="/dashboard/NAME", a link without script), which says it is
# being made until its child ends, then has the table the whole
# dashboard shows, and its twin the member of /api/ of that name.  The
# dashboard's child is held (IOLENS_TEST_HOLD: it stops itself) so that
# the tables are not made yet, whatever the schedule.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve.sh"
serve_needs
command -v python3 >/dev/null || skip_all "no python3"

serve_store 3
IOLENS_TEST_HOLD=$TMP/hold IOLENS_SERVE_DASH_WAIT=0
export IOLENS_TEST_HOLD IOLENS_SERVE_DASH_WAIT
touch "$TMP/hold"
serve_start D --db "$DB" --logs "$TMP/logs"
get "$D_URL/" >"$TMP/d.html"
is "$(cat "$TMP/code")" 200 "the dashboard answers while its tables are held"
grep -q '<a href="/jobs">3 jobs</a> in the store' "$TMP/d.html" &&
	grep -q '<h2>Latest jobs</h2>' "$TMP/d.html"
ok $? "... with the store's count and its latest jobs"
is "$(grep -c '<section data-part="/dashboard/' "$TMP/d.html")" 5 \
	"... and its five tables as sections to fill in"
k=0
for p in triage apps variance coverage trend; do
	grep -q "<a href=\"/dashboard/$p\">" "$TMP/d.html" && k=$((k + 1))
done
is $k 5 "each with a link to its own page (a browser without script)"
case $(hdr Server-Timing) in *partial*) r=0 ;; *) r=1 ;; esac
ok $r "Server-Timing says partial ($(hdr Server-Timing))"

# the child holding itself: found stopped (given up after 2 minutes)
n=0
kid=
while [ -z "$kid" ] && [ $n -lt 600 ]; do
	kid=$(stopped_child "$D_PID")
	[ -n "$kid" ] || sleep 0.2
	n=$((n + 1))
done
set -- ${kid:-0 0}
ok "$([ "$1" -gt 0 ]; echo $?)" "the dashboard's child is held"
get "$D_URL/dashboard/apps" >"$TMP/a1.html"
grep -q '<section data-part="/dashboard/apps"><h2>Applications</h2>' "$TMP/a1.html" &&
	grep -q 'being made' "$TMP/a1.html"
ok $? "/dashboard/apps says it is being made"
kill -CONT "$1" 2>/dev/null

n=0
until get "$D_URL/dashboard/apps" >"$TMP/a2.html" && ! grep -q 'being made' "$TMP/a2.html" ||
	[ $n -ge 600 ]; do
	sleep 0.2
	n=$((n + 1))
done
! grep -q 'data-part' "$TMP/a2.html" && grep -q '<section><h2>Applications</h2>' "$TMP/a2.html" &&
	grep -q '<table' "$TMP/a2.html"
ok $? "once made, /dashboard/apps has its table ($(hdr Server-Timing))"
n=0
until get "$D_URL/" >"$TMP/d2.html" && ! grep -q 'being made' "$TMP/d2.html" ||
	[ $n -ge 600 ]; do
	sleep 0.2
	n=$((n + 1))
done
sect() { sed -n '/<section><h2>Applications<\/h2>/,/<\/section>/p' "$1"; }
sect "$TMP/a2.html" >"$TMP/a.sect"
sect "$TMP/d2.html" >"$TMP/d.sect"
[ -s "$TMP/a.sect" ] && cmp -s "$TMP/a.sect" "$TMP/d.sect"
ok $? "... the section the whole dashboard shows ($(wc -l <"$TMP/a.sect") lines)"
get "$D_URL/api/dashboard/apps" >"$TMP/a.json"
get "$D_URL/api/" >"$TMP/d.json"
python3 -c '
import json, sys
a = json.load(open(sys.argv[1])); d = json.load(open(sys.argv[2]))
sys.exit(0 if list(a) == ["apps"] and a["apps"] == d["apps"] and a["apps"] else 1)' "$TMP/a.json" "$TMP/d.json" 2>/dev/null
ok $? "its twin is the member apps of /api/"
get "$D_URL/dashboard/nope" >/dev/null
is "$(cat "$TMP/code")" 404 "no other table has a page"
done_testing
