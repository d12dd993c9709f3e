#!/bin/sh
# A job page's first visit does not wait for its tables longer than
# IOLENS_SERVE_JOB_WAIT: it answers the job's row of the store at once,
# says the tables are being made (Server-Timing "lane;desc=soon,
# partial", a line with id "making" that the page's script reloads),
# and the thread making them goes on; once made, the page is kept whole
# and made once, however many visits asked meanwhile.  The worker
# making it is held (IOLENS_TEST_HOLD: it stops itself), so the page
# cannot be made before the answer, however the machine schedules.  No
# duration is compared.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve.sh"
serve_needs

serve_store 2
touch "$TMP/hold"
IOLENS_TEST_HOLD=$TMP/hold IOLENS_SERVE_JOB_WAIT=0.3 \
	serve_start S --db "$DB" --logs "$TMP/logs" --cache ""
get "$S_URL/job/1" --max-time 20 >"$TMP/p1.html"
is "$(cat "$TMP/code")" 200 "a job page's first visit, its worker held: answered"
t=$(hdr Server-Timing)
case $t in *", lane;desc=soon, partial") r=0 ;; *) r=1 ;; esac
ok $r "... before its tables, said in Server-Timing ($t)"
grep -q '<h2>In the store</h2>' "$TMP/p1.html" &&
	grep -q '<a href="/job/1">1</a>' "$TMP/p1.html"
ok $? "... with the job's row of the store"
grep -q 'id="making"' "$TMP/p1.html" && ! grep -q '<h2>Summary</h2>' "$TMP/p1.html"
ok $? "... saying its tables are being made, none shown"
get "$S_URL/job/1" --max-time 20 >/dev/null
case $(hdr Server-Timing) in *", partial") r=0 ;; *) r=1 ;; esac
ok $r "a second visit meanwhile: answered too, the page not made yet"
get "$S_URL/job/99" >/dev/null
is "$(cat "$TMP/code")" 404 "a job the store does not have: 404"
get "$S_URL/jobs" >/dev/null
is "$(cat "$TMP/code")" 200 "the job list meanwhile"
get "$S_URL/static/iolens.js" | grep -q "getElementById('making')"
ok $? "the page's script reloads a page whose tables are being made"
# the held worker let go (it stopped itself before its first command)
i=0
kid=
while [ -z "$kid" ] && [ $i -lt 600 ]; do
	kid=$(stopped_child "$S_PID")
	[ -n "$kid" ] || sleep 0.1
	i=$((i + 1))
done
set -- ${kid:-0 0}
kill -CONT "$1" 2>/dev/null
ok $? "the held worker found and let go"
i=0
until get "$S_URL/job/1" >"$TMP/p2.html" && ! grep -q 'id="making"' "$TMP/p2.html" ||
	[ $i -ge 600 ]; do
	sleep 0.1
	i=$((i + 1))
done
grep -q '<h2>Summary</h2>' "$TMP/p2.html" && grep -q '<h2>In the store</h2>' "$TMP/p2.html"
ok $? "once made, the page has its tables and its row"
case $(hdr Server-Timing) in *", partial") r=1 ;; *) r=0 ;; esac
ok $r "... not partial ($(hdr Server-Timing))"
get "$S_URL/job/1" --max-time 20 >/dev/null
case $(hdr Server-Timing) in *"lane;desc=kept") r=0 ;; *) r=1 ;; esac
ok $r "... then kept whole ($(hdr Server-Timing))"
is "$(curl -s "$S_URL/api/stats" | sed -n 's/.*"pages_made": \([0-9]*\).*/\1/p')" 1 \
	"made once for all its visits (/api/stats pages_made)"
get "$S_URL/api/job/2" >"$TMP/j2.json"
case $(hdr Server-Timing) in *", partial") r=1 ;; *) r=0 ;; esac
grep -q '"summary"' "$TMP/j2.json"
ok $(($? + r)) "a job's JSON twin waits for its tables: whole at the first visit"
done_testing
