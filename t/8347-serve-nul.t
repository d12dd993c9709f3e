#!/bin/sh
# A %00 in a URL is not a NUL that cuts what follows it off: the path
# /jobs%00abc is no page (it was answered as /jobs), a filter
# user=NAME%00x matches no job (it filtered on NAME), a dashboard section
# triage%00x is none; the other escapes are decoded as before
# (serve/http.c's unescape()).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve.sh"
serve_needs
command -v sqlite3 >/dev/null || skip_all "no sqlite3"

serve_store 12
user=$(sqlite3 "$DB" "SELECT user FROM jobs WHERE user IS NOT NULL AND user != '' ORDER BY id LIMIT 1")
[ -n "$user" ]
ok $? "a job's user in the store"
n=$(sqlite3 "$DB" "SELECT count(*) FROM jobs WHERE user = '$user'")
serve_start S --db "$DB" --logs "$TMP/logs" --cache ""

get "$S_URL/jobs%00abc" >/dev/null
is "$(cat "$TMP/code")" 404 "/jobs%00abc: no page"
get "$S_URL/dashboard/triage%00x" >/dev/null
is "$(cat "$TMP/code")" 404 "/dashboard/triage%00x: no section"
get "$S_URL/api/jobs?user=$user%00x&limit=1000" >"$TMP/nul.json"
is "$(cat "$TMP/code"):$(grep -o '"id"' "$TMP/nul.json" | wc -l | tr -d ' ')" "200:0" \
	"user=$user%00x: no job"
get "$S_URL/api/jobs?user=$user&limit=1000" >"$TMP/u.json"
is "$(cat "$TMP/code"):$(grep -o '"id"' "$TMP/u.json" | wc -l | tr -d ' ')" "200:$n" \
	"user=$user: its $n jobs"
# other escapes decoded as before: %2F, %41 and a %-pair split by the end
u1=$(printf '%s' "$user" | od -An -tx1 | tr -d ' \n' | sed 's/../%&/g')
get "$S_URL/api/jobs?user=$u1&limit=1000" >"$TMP/e.json"
is "$(grep -o '"id"' "$TMP/e.json" | wc -l | tr -d ' ')" "$n" "user hex-escaped: the same $n jobs"
get "$S_URL/jobs%4" >/dev/null
is "$(cat "$TMP/code")" 404 "/jobs%4 (an escape cut short): no page, no crash"
get "$S_URL/jobs" >/dev/null
is "$(cat "$TMP/code")" 200 "/jobs: the list"
done_testing
