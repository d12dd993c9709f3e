#!/bin/sh
# A dashboard that says its tables are being made (its child past the
# 5 s it waits for them) says so in Server-Timing too ("partial"), so
# that a load test counts such answers apart from the page with its
# tables (bench/serve-load.sh: "dash-part"); the page with its tables
# does not.  Seen while the dashboard's child is held (it stops itself:
# IOLENS_TEST_HOLD, the file it removes).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve.sh"
serve_needs

serve_store 1

IOLENS_TEST_HOLD=$TMP/hold
export IOLENS_TEST_HOLD
serve_start D --db "$DB" --logs "$TMP/logs"
touch "$TMP/hold"
curl -s -D "$TMP/d.hdr" -o "$TMP/d.html" "$D_URL/" &
dp=$!
kid=$(held "$D_PID" "$dp")
set -- ${kid:-0 0}
wait "$dp"
grep -q 'being made' "$TMP/d.html"
ok $? "the dashboard says its tables are being made"
t=$(tr -d '\r' <"$TMP/d.hdr" | sed -n 's/^server-timing: //Ip')
case $t in *", partial") r=0 ;; *) r=1 ;; esac
ok $r "... and Server-Timing says partial ($t)"
kill -CONT "$1" 2>/dev/null
# the child ends and its tables are kept: the next visits have them
# (given up after 2 minutes)
n=0
until get "$D_URL/" >"$TMP/d2.html" && ! grep -q 'being made' "$TMP/d2.html" ||
	[ $n -ge 600 ]; do
	sleep 0.2
	n=$((n + 1))
done
grep -q 'being made' "$TMP/d2.html"
ok $((!$?)) "the dashboard with its tables"
case $(hdr Server-Timing) in *partial*) r=1 ;; "page;dur="*) r=0 ;; *) r=1 ;; esac
ok $r "... not partial ($(hdr Server-Timing))"
done_testing
