#!/bin/sh
# A job page's first visit, that a visitor waits for, is made by a
# worker at the server's own niceness; the pages made ahead of need
# (warm.c) by workers 5 nicer, as before.  At 5 nicer for a visitor too,
# 50 clients of the 1M-job store kept a first visit's batch (5 ms of
# CPU) waiting ~100 ms for the cores behind the list's threads: the job
# page's p99 was a second.  A worker's niceness is set at its start (a
# process cannot lower its own without privilege): a worker of the other
# niceness is not given the batch.  Seen from /proc: the workers stay.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve.sh"
serve_needs

serve_store 3
kids() { cat /proc/"$1"/task/*/children 2>/dev/null; }
nices() { for k in $(kids "$1"); do nice_of "$k"; done | sort -n | uniq -c | awk '{ printf "%s%sx%s", s, $1, $2; s = " " }'; }

serve_start V --db "$DB" --logs "$TMP/logs" --cache ""
srv=$(nice_of "$V_PID")
[ "$srv" -lt 14 ] || skip_all "the server runs at nice $srv: 5 nicer is 19 too"
get "$V_URL/job/2" >/dev/null
is "$(cat "$TMP/code")" 200 "a job page's first visit answered"
is "$(nices "$V_PID")" "1x$srv" "... by a worker at the server's niceness ($srv)"
get "$V_URL/api/job/3" >/dev/null
is "$(nices "$V_PID")" "2x$srv" "its twin's (another shape) too"

# pages made ahead: IOLENS_SERVE_WARM=1, the dashboard and jobs at
# each end; the pass over once /api/stats counts it
IOLENS_SERVE_WARM=1 serve_start W --db "$DB" --logs "$TMP/logs" --cache ""
stat_of() { get "$W_URL/api/stats" | sed -n "s/.*\"$1\": \([0-9]*\).*/\1/p"; }
n=0
while [ "$(stat_of ahead_passes)" = 0 ] && [ $n -lt 3000 ]; do
	sleep 0.1
	n=$((n + 1))
done
is "$(stat_of ahead_passes)" 1 "a pass of pages made ahead"
ahead=$((srv + 5))
is "$(nices "$W_PID")" "1x$ahead" "... by a worker 5 nicer than the server"
before=$(stat_of children)
for id in 1 2 3; do get "$W_URL/job/$id" >/dev/null; done
[ "$(stat_of children)" -gt "$before" ]
ok $? "a job page not made ahead: a batch run for its visitor"
is "$(nices "$W_PID")" "1x$srv 1x$ahead" \
	"... by another worker, at the server's niceness; the one 5 nicer kept"
done_testing
