#!/bin/sh
# The job list's total (a count of the jobs matching its filter: a
# million rows counted in 28 ms of CPU) is made once per filter while
# the store is unchanged: the requests that want a count being made wait
# for it instead of counting too (50 clients starting at once on the
# 1M-job store each counted the same rows).  The count is held by the
# test (IOLENS_TEST_COUNT_HOLD: while its file is there) until the
# others are seen waiting in /api/stats ("counts_waiting"), whatever the
# schedule; "counts_made" counts them.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve.sh"
serve_needs

serve_store 6
user=$(sqlite3 -readonly "$DB" 'SELECT "user" FROM jobs WHERE id = 1')
nuser=$(sqlite3 -readonly "$DB" "SELECT count(*) FROM jobs WHERE \"user\" = '$user'")
held_counts "$user"
is "$w" 4 "five lists of one filter at once: four wait for the first one's count"
rm -f "$TMP/hold"
wait $pids
is "$(cat "$TMP"/c.* | tr -d '\n')" 200200200200200 "... all answered"
is "$(stat_of counts_made)" 1 "... one count made"
same=0
for i in 1 2 3 4 5; do
	grep -q "of $nuser <" "$TMP/l.$i" && same=$((same + 1))
done
is "$same" 5 "... each page with the total, $nuser"
get "$C_URL/jobs?user=$user&offset=1" >/dev/null
is "$(stat_of counts_made)" 1 "the filter again: its count kept"
get "$C_URL/jobs?sort=-mib_s" >/dev/null
is "$(stat_of counts_made)" 2 "another filter (none): another count"
is "$(stat_of counts_waiting)" 0 "none waiting"
done_testing
