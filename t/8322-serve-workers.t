#!/bin/sh
# A job page's first visit starts no process: its commands run in a
# worker started once (`iolens --serve-worker`, a process of its own
# given batch after batch over a socket), where each visit used to start
# `iolens --serve-batch` (exec, dynamic linking, the store's schema read:
# a third of the page's CPU).  Counted by /api/stats: processes started
# against pages made.  A worker killed is replaced; a worker runs one
# shape of batch only (`triage --db` of the dashboard leaves a default
# set in its options that a log's triage then used: no rows).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve.sh"
serve_needs

serve_store 6
serve_start S --db "$DB" --logs "$TMP/logs" --cache ""
stat_of() { get "$S_URL/api/stats" | sed -n "s/.*\"$1\": \([0-9]*\).*/\1/p"; }
for id in 1 2 3 4 5 6; do
	get "$S_URL/job/$id" >/dev/null
	echo "$(cat "$TMP/code")" >>"$TMP/codes"
done
is "$(sort -u "$TMP/codes")" 200 "six job pages answered"
is "$(stat_of pages_made)" 6 "... six made"
is "$(stat_of children)" 6 "... a batch of commands each"
is "$(stat_of processes_started)" 1 "... by one process started, not six"
for id in 1 2 3 4 5 6; do get "$S_URL/api/job/$id" >/dev/null; done
is "$(stat_of processes_started)" 2 "their JSON twins: one more (the twins' batches another shape)"

# the same pages as one child each makes them (a server whose workers
# cannot start: IOLENS_TEST_NO_WORKER), byte for byte
IOLENS_TEST_NO_WORKER=1 serve_start C --db "$DB" --logs "$TMP/logs" --cache ""
same=0
for id in 1 4 6; do
	get "$S_URL/job/$id" >"$TMP/w.$id"
	get "$C_URL/job/$id" >"$TMP/c.$id"
	cmp -s "$TMP/w.$id" "$TMP/c.$id" && same=$((same + 1))
	get "$S_URL/api/job/$id" >"$TMP/wj.$id"
	get "$C_URL/api/job/$id" >"$TMP/cj.$id"
	cmp -s "$TMP/wj.$id" "$TMP/cj.$id" && same=$((same + 1))
done
is "$same" 6 "a worker's pages are those of a child each"
is "$(get "$C_URL/api/stats" | sed -n 's/.*"processes_started": \([0-9]*\).*/\1/p')" 6 \
	"... which started a process for each"

# a worker that went (killed: a log that crashed it would end it so) is
# replaced by the next page that needs one
kids() { cat /proc/"$S_PID"/task/*/children 2>/dev/null; }
for k in $(kids); do kill -KILL "$k"; done
touch "$TMP/logs"/*
get "$S_URL/job/5" >"$TMP/again"
is "$(cat "$TMP/code")" 200 "a page after its worker was killed: answered"
grep -q '</html>' "$TMP/again"
ok $? "... whole"

# the dashboard's `triage --db` (its worker another's) then a log's triage:
# the log's rows all there
serve_start D --db "$DB" --logs "$TMP/logs" --cache ""
get "$D_URL/" >/dev/null
get "$D_URL/job/2" >"$TMP/d2"
get "$C_URL/job/2" >"$TMP/c2"
cmp -s "$TMP/d2" "$TMP/c2"
ok $? "a job page after the dashboard: as a child makes it"
done_testing
