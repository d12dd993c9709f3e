#!/bin/sh
# iolens serve keeps the commands' outputs: a job page runs ONE child
# for all its sections (iolens --serve-batch), a revisit none, and a log
# touched (another mtime: another identity) or a store written is read
# again.  The children are counted by /api/stats.  The page is the same
# bytes however it was made.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve.sh"
serve_needs

serve_store 3
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

# a page's child is batch work for the cores: it runs nicer than the
# server, whose own pages (the list, the twins, the pages kept) come
# first; and while it is held (it stops itself: IOLENS_TEST_HOLD, the
# file it removes) those are answered
IOLENS_TEST_HOLD=$TMP/hold
export IOLENS_TEST_HOLD
serve_start N --db "$DB" --logs "$TMP/logs"
state() { sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f1; }
touch "$TMP/hold"
curl -s -o "$TMP/n.job" -w '%{http_code}' "$N_URL/job/3" >"$TMP/n.code" &
jp=$!
kid=$(held "$N_PID" "$jp")
set -- ${kid:-0 0}
# the server renices the child once spawned, which may come after the
# child stopped itself; until then it has the server's niceness (not 0:
# the suite may run niced)
nice_srv=$(nice_of "$N_PID")
nice_kid=$(reniced "$1" "$nice_srv")
if [ "$nice_srv" -lt 19 ]; then
	ok $((!(${nice_kid:-0} > nice_srv))) "a page's child runs nicer than the server ($nice_kid, $nice_srv)"
else
	skip "the suite runs at nice 19: nothing is nicer"
fi
get "$N_URL/jobs" >/dev/null
is "$(cat "$TMP/code") $(kill -0 "$jp" 2>/dev/null && echo pending)" "200 pending" \
	"the job list answered while a job page's child is held"
get "$N_URL/job/1" >/dev/null
is "$(cat "$TMP/code") $(kill -0 "$jp" 2>/dev/null && echo pending)" "200 pending" \
	"... and another job page"
kill -CONT "$1" 2>/dev/null
wait "$jp"
is "$(cat "$TMP/n.code")" 200 "the held page answered once its child goes on"

# the dashboard waits for its tables a few seconds only (a million jobs'
# take minutes): with its child held it answers all the same, the store's
# count and latest jobs shown, the tables said to be being made; the
# child goes on in the background and the next visit has them
serve_start D --db "$DB" --logs "$TMP/logs"
touch "$TMP/hold"
curl -s -o "$TMP/d.html" -w '%{http_code}' "$D_URL/" >"$TMP/d.code" &
dp=$!
kid=$(held "$D_PID" "$dp")
set -- ${kid:-0 0}
# (the page comes after its wait; a server that waits for the child
# would never answer: given up after a minute)
n=0
while kill -0 "$dp" 2>/dev/null && [ $n -lt 600 ]; do
	sleep 0.1
	n=$((n + 1))
done
answered=$(kill -0 "$dp" 2>/dev/null && echo no || echo yes)
is "$answered $(cat "$TMP/d.code" 2>/dev/null)" "yes 200" "the dashboard answered while its child is held"
grep -q '<h2>Latest jobs</h2>' "$TMP/d.html" && grep -q 'being made' "$TMP/d.html"
ok $? "... its latest jobs shown, its tables being made"
kill -CONT "$1" 2>/dev/null
wait "$dp"
# the child ends and its tables are kept: each visit until then says
# they are being made, none starts another child
# (tables never kept would loop forever: given up after 2 minutes)
n=0
until get "$D_URL/" >"$TMP/d2.html" && ! grep -q 'being made' "$TMP/d2.html" ||
	[ $n -ge 600 ]; do
	sleep 0.2
	n=$((n + 1))
done
sed -n '/<h2>Who to call first/,/<\/section>/p' "$TMP/d2.html" | grep -q '<table'
ok $? "a later visit has the tables"
c=$(get "$D_URL/api/stats" | sed -n 's/.*"children": \([0-9]*\).*/\1/p')
is "$c" 1 "... made by the one child"

# the server stops (SIGTERM): a child still running is killed with it,
# none left behind (held here, it stayed stopped forever) and no thread
# reads the server's options after they are gone
serve_start E --db "$DB" --logs "$TMP/logs"
touch -m -d "2005-01-01 00:00:00" "$DB"
touch "$TMP/hold"
curl -s -o /dev/null "$E_URL/" &
ep=$!
kid=$(held "$E_PID" "$ep")
kill "$E_PID"
n=0
while kill -0 "$E_PID" 2>/dev/null && [ $n -lt 600 ]; do
	sleep 0.1
	n=$((n + 1))
done
k=${kid%% *}
n=0
while [ -n "$k" ] && [ -n "$(state "$k" | grep -v Z)" ] && [ $n -lt 100 ]; do
	sleep 0.1
	n=$((n + 1))
done
is "$([ -n "$k" ] && echo held) $(kill -0 "$E_PID" 2>/dev/null && echo running) $(state "$k" | grep -v Z)" "held  " \
	"the server stopped, the child it held killed"
kill -CONT "$k" 2>/dev/null
wait "$ep" 2>/dev/null

done_testing
