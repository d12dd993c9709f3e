#!/bin/sh
# The tables made in the background (the dashboard's, once the page
# stops waiting for them: minutes of CPU at a million jobs) run at the
# lowest priority, 19: no visitor waits for them now, and five of them
# at 5 nicer than the server held a 1M-job load test's cores for its
# whole run.  A job page's child, that a visitor waits for, stays 5
# nicer than the server (t/8312).  Seen while the dashboard's child is
# held (it stops itself: IOLENS_TEST_HOLD, the file it removes).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve.sh"
serve_needs
# the server takes the suite's niceness: at 14 or more, 5 nicer is 19 too
[ "$(nice)" -lt 14 ] || skip_all "the suite runs at nice $(nice): 5 nicer is 19 too"

serve_store 1
IOLENS_TEST_HOLD=$TMP/hold
export IOLENS_TEST_HOLD
serve_start D --db "$DB" --logs "$TMP/logs" --cache ""
nice_srv=$(nice_of "$D_PID")
touch "$TMP/hold"
curl -s -o "$TMP/d.html" "$D_URL/" &
dp=$!
kid=$(held "$D_PID" "$dp")
set -- ${kid:-0 0}
# the server renices the child once spawned, perhaps after it stopped
is "$(reniced "$1" "$nice_srv")" 19 "the dashboard's background child at nice 19"
kill -CONT "$1" 2>/dev/null
wait "$dp"
grep -q '</html>' "$TMP/d.html"
ok $? "the dashboard answered"
done_testing
