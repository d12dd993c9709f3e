#!/bin/sh
# iolens serve nices only the children of work ahead of need: a child a
# visitor waits for (a job page's first visit) runs at the server's
# niceness, a page made ahead (IOLENS_SERVE_WARM) runs niced, the
# dashboard's tables run at the server's niceness while their visitors
# wait and niced once they stop waiting, and a visitor does not wait
# for a niced child making its page ahead: it takes the run over with a
# child of its own.  /api/stats counts the children niced and the runs
# taken over.  Seen while a child is held (it stops itself:
# IOLENS_TEST_HOLD, the file it removes).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve.sh"
serve_needs

serve_store 1

state() { sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -c1; }
stat_of() { get "$1/api/stats" | sed -n "s/.*\"$2\": \([0-9]*\).*/\1/p"; }
# until stat $2 of server $1 is at least $3 (given up after 2 minutes)
stat_reaches() {
	_n=0
	while [ "$(stat_of "$1" "$2")" -lt "$3" ] 2>/dev/null && [ $_n -lt 600 ]; do
		sleep 0.2
		_n=$((_n + 1))
	done
	stat_of "$1" "$2"
}

IOLENS_TEST_HOLD=$TMP/hold
export IOLENS_TEST_HOLD

# a job page's first visit: its child at the server's niceness
serve_start N --db "$DB" --logs "$TMP/logs"
touch "$TMP/hold"
curl -s -o "$TMP/n.job" -w '%{http_code}' "$N_URL/job/1" >"$TMP/n.code" &
jp=$!
kid=$(held "$N_PID" "$jp")
set -- ${kid:-0 0}
nice_srv=$(nice_of "$N_PID")
# the server counts a child right after it spawned (and reniced) it
is "$(stat_reaches "$N_URL" children 1)" 1 "the job page's child started"
is "$(nice_of "$1")" "$nice_srv" "... at the server's niceness: a visitor waits for it"
kill -CONT "$1" 2>/dev/null
wait "$jp"
is "$(cat "$TMP/n.code")" 200 "the page answered"
is "$(stat_of "$N_URL" children_niced)" 0 "no child niced (/api/stats)"

# the dashboard: its tables' child at the server's niceness while its
# visitor waits (5 s), niced when it answers that they are being made
serve_start D --db "$DB" --logs "$TMP/logs"
touch "$TMP/hold"
curl -s -o "$TMP/d.html" -w '%{http_code}' "$D_URL/" >"$TMP/d.code" &
dp=$!
kid=$(held "$D_PID" "$dp")
set -- ${kid:-0 0}
is "$(stat_reaches "$D_URL" children 1)" 1 "the dashboard's child started"
is "$(nice_of "$1")" "$(nice_of "$D_PID")" "... at the server's niceness while its visitor waits"
wait "$dp"
grep -q 'being made' "$TMP/d.html"
ok $? "the visitor told its tables are being made"
want=$(($(nice_of "$D_PID") + 5 > 19 ? 19 : $(nice_of "$D_PID") + 5))
is "$(reniced "$1" "$(nice_of "$D_PID")")" "$want" "... then the child niced: no one waits for it"
is "$(stat_reaches "$D_URL" children_niced 1)" 1 "... counted"
kill -CONT "$1" 2>/dev/null

# made ahead: niced; its visitor takes the run over with a child of its
# own instead of waiting for the niced one (held here: it would wait
# for ever)
touch "$TMP/hold"
IOLENS_TEST_HOLD_CMD=summary
export IOLENS_TEST_HOLD_CMD
IOLENS_SERVE_WARM=1 serve_start W --db "$DB" --logs "$TMP/logs"
# the job page made ahead holds itself; the dashboard's batch does not
n=0
while [ -e "$TMP/hold" ] && [ $n -lt 600 ]; do
	sleep 0.2
	n=$((n + 1))
done
kid=$(held "$W_PID" "$W_PID")
set -- ${kid:-0 0}
is "$(reniced "$1" "$(nice_of "$W_PID")")" \
	"$(($(nice_of "$W_PID") + 5 > 19 ? 19 : $(nice_of "$W_PID") + 5))" \
	"the job page made ahead: its child niced"
code=$(curl -s -o "$TMP/w.job" -w '%{http_code}' --max-time 120 "$W_URL/job/1")
is "$code $(state "$1")" "200 T" \
	"its visitor answered while that child is still held"
grep -q '<h2>Files</h2>' "$TMP/w.job"
ok $? "... the page whole"
ok $(($(stat_of "$W_URL" taken_over) < 1)) "... the runs taken over (/api/stats)"
is "$(nice_of "$W_PID") $(stat_of "$W_URL" children_niced)" "$(nice_of "$W_PID") 2" \
	"children niced: the dashboard's and the job page's made ahead, not the visitor's"
kill -CONT "$1" 2>/dev/null
done_testing
