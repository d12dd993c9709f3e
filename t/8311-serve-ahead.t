#!/bin/sh
# iolens serve makes the pages most likely asked before anyone asks: at
# its start and whenever the store changes, a niced thread of its own
# makes the dashboard and the job pages of the newest jobs and of the
# list's first page (IOLENS_SERVE_WARM of each; here every job of
# three), so that their first visit starts no child.  /api/stats counts
# the pages made ahead and their passes.  A page made ahead is the same
# bytes as one made for its visitor.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve.sh"
serve_needs

serve_store 3

stat_of() { get "$1/api/stats" | sed -n "s/.*\"$2\": \([0-9]*\).*/\1/p"; }
# until the server has made n passes (given up after 2 minutes, or at
# once when it counts none)
passes() {
	_n=0
	get "$1/api/stats" | grep -q '"ahead_passes"' || _n=600
	while [ "$(stat_of "$1" ahead_passes)" != "$2" ] && [ $_n -lt 600 ]; do
		sleep 0.2
		_n=$((_n + 1))
	done
	stat_of "$1" ahead_passes
}

IOLENS_SERVE_WARM=5 serve_start W --db "$DB" --logs "$TMP/logs"
is "$(passes "$W_URL" 1)" 1 "a pass at the start"
is "$(stat_of "$W_URL" made_ahead)" 4 "... the dashboard and the three job pages made"
c0=$(stat_of "$W_URL" children)
for i in 1 2 3; do get "$W_URL/job/$i" >"$TMP/w$i"; done
n=0
until get "$W_URL/" >"$TMP/wd" && ! grep -q 'being made' "$TMP/wd" ||
	[ $n -ge 600 ]; do
	sleep 0.2
	n=$((n + 1))
done
is "$(($(stat_of "$W_URL" children) - c0))" 0 "their first visits start no child"

# the same bytes as a server that made none ahead
serve_start C --db "$DB" --logs "$TMP/logs"
same=0
for i in 1 2 3; do
	get "$C_URL/job/$i" >"$TMP/c$i"
	cmp -s "$TMP/w$i" "$TMP/c$i" && same=$((same + 1))
done
is "$same" 3 "each job page the same bytes as one made for its visitor"
is "$(stat_of "$C_URL" made_ahead) $(stat_of "$C_URL" ahead_passes)" "0 0" \
	"IOLENS_SERVE_WARM=0: none made ahead"

# a write to the store: another pass, the pages that read it made again
sqlite3 "$DB" "UPDATE jobs SET app = 'renamed_app' WHERE id = 2"
is "$(passes "$W_URL" 2)" 2 "the store written: another pass"
c0=$(stat_of "$W_URL" children)
get "$W_URL/job/2" >"$TMP/w2b"
is "$(($(stat_of "$W_URL" children) - c0))" 0 "... its job pages made again before their visit"
grep -q renamed_app "$TMP/w2b"
ok $? "... from the store as it is now"

# SIGTERM, the store just changed (a pass starting, or going on): the
# thread ends with the server, exit 0
touch -m -d '2003-01-01 00:00:00' "$DB"
kill "$W_PID"
wait "$W_PID"
is "$?" 0 "the server stops cleanly (SIGTERM)"
done_testing
