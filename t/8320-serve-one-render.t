#!/bin/sh
# Visitors of a job page that is being made wait for it: the page is
# made once, not once each (a load test's fifty clients asking the same
# new page rendered it 2-3 times over: 1,167 pages made for 406).  Three
# visitors ask while the page's child is held (it stops itself:
# IOLENS_TEST_HOLD, the file it removes); /api/stats counts the pages
# made.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve.sh"
serve_needs

serve_store 2
IOLENS_TEST_HOLD=$TMP/hold
export IOLENS_TEST_HOLD
serve_start S --db "$DB" --logs "$TMP/logs" --cache ""
nthreads() { ls "/proc/$S_PID/task" 2>/dev/null | wc -l | tr -d ' '; }
t0=$(nthreads)
touch "$TMP/hold"
curl -s -o "$TMP/v1" "$S_URL/job/1" &
p1=$!
kid=$(held "$S_PID" "$p1")
set -- ${kid:-0 0}
curl -s -o "$TMP/v2" "$S_URL/job/1" &
p2=$!
curl -s -o "$TMP/v3" "$S_URL/job/1" &
p3=$!
# the other two in the server (a connection's thread and a page's
# each) before the child goes on; no time limit but the visitors'
n=0
while [ "$(nthreads)" -lt $((t0 + 6)) ] && kill -0 "$p3" 2>/dev/null && [ $n -lt 600 ]; do
	sleep 0.1
	n=$((n + 1))
done
kill -CONT "$1" 2>/dev/null
wait "$p1" "$p2" "$p3"
cmp -s "$TMP/v1" "$TMP/v2" && cmp -s "$TMP/v1" "$TMP/v3"
ok $? "three visitors, the same page"
grep -q '</html>' "$TMP/v3"
ok $? "... whole"
st=$(get "$S_URL/api/stats")
case $st in *'"children": 1,'*) r=0 ;; *) r=1 ;; esac
ok $r "one child ($st)"
case $st in *'"pages_made": 1,'*) r=0 ;; *) r=1 ;; esac
ok $r "one page made"
# the other two had the page itself: one kept output each (made again,
# each would have had the child's nine)
case $st in *'"cache_hits": 2,'*) r=0 ;; *) r=1 ;; esac
ok $r "... the other two visitors had it whole"
done_testing
