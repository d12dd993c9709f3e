#!/bin/sh
# iolens serve makes the pages that cost (a job page, the dashboard, a
# timeline: many tables, perhaps a child to wait for) in a thread of
# their own, niced, and the cheap ones (the job list) at its own
# niceness: a list page is not queued for the cores behind them.  The
# children run 5 nicer than the server whichever thread starts them (a
# visitor may wait for any).  Seen while a job page's child is held (it
# stops itself: IOLENS_TEST_HOLD, the file it removes).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve.sh"
serve_needs

serve_store 3

IOLENS_TEST_HOLD=$TMP/hold
export IOLENS_TEST_HOLD
serve_start N --db "$DB" --logs "$TMP/logs"
touch "$TMP/hold"
curl -s -o "$TMP/n.job" -w '%{http_code}' "$N_URL/job/3" >"$TMP/n.code" &
jp=$!
kid=$(held "$N_PID" "$jp")
set -- ${kid:-0 0}
nice_srv=$(nice_of "$N_PID")
# the server renices the child once spawned, perhaps after it stopped
is "$(reniced "$1" "$nice_srv")" $((nice_srv + 5 > 19 ? 19 : nice_srv + 5)) \
	"the job page's child 5 nicer than the server, not than its thread"
# the server's threads' niceness: the one making the job page nicer
lane=$(for t in /proc/"$N_PID"/task/*; do nice_of "${t##*/}"; done |
	awk -v s="$nice_srv" '$1 > s { n++ } END { print n + 0 }')
if [ "$nice_srv" -lt 19 ]; then
	is "$lane" 1 "the job page made by a niced thread of the server"
else
	skip "the suite runs at nice 19: no thread is nicer"
fi
get "$N_URL/jobs" >"$TMP/list"
is "$(cat "$TMP/code") $(kill -0 "$jp" 2>/dev/null && echo pending)" "200 pending" \
	"the job list answered meanwhile"
t=$(hdr Server-Timing)
case $t in "page;dur="*", cpu;dur="*", lane;desc=fast") r=0 ;; *) r=1 ;; esac
ok $r "... made by the connection's thread ($t)"
kill -CONT "$1" 2>/dev/null
wait "$jp"
is "$(cat "$TMP/n.code")" 200 "the held page answered once its child goes on"
get "$N_URL/job/2" >/dev/null
is "$(hdr Server-Timing | sed 's/.*lane;desc=//')" slow "another job page, not kept yet: made in the slow lane (Server-Timing)"
get "$N_URL/job/3" >/dev/null
t=$(hdr Server-Timing)
case $t in "page;dur="*", cpu;dur="*", lane;desc=kept") r=0 ;; *) r=1 ;; esac
ok $r "the job page again: kept whole, copied by the connection's thread ($t)"
get "$N_URL/jobs" >/dev/null
is "$(hdr Server-Timing | sed 's/.*lane;desc=//')" fast "the job list in the fast lane"
lane=$(for t in /proc/"$N_PID"/task/*; do nice_of "${t##*/}"; done |
	awk -v s="$nice_srv" '$1 > s { n++ } END { print n + 0 }')
is "$lane" 0 "... that thread gone with its page"
done_testing
