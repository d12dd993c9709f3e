#!/bin/sh
# The requests waiting for a count being made (t/8329) take its failure
# when it fails, rather than each count again in turn: a count that
# fails after the store's busy timeout (10 s, a store locked by a
# writer) would hold the fifth waiter 5 x 10 s (reasoned, not
# measured).  The count is held by the test
# (IOLENS_TEST_COUNT_HOLD) until four wait for it; the store's jobs
# table is then renamed, so that every count of it fails.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve.sh"
serve_needs

serve_store 6
user=$(sqlite3 -readonly "$DB" 'SELECT "user" FROM jobs WHERE id = 1')
held_counts "$user"
is "$w" 4 "five lists of one filter at once: four wait for the first one's count"
sqlite3 "$DB" 'ALTER TABLE jobs RENAME TO jobs_gone'
rm -f "$TMP/hold"
wait $pids
is "$(cat "$TMP"/c.* | tr -d '\n')" 400400400400400 "... all answered with the failed count's status"
grep -l "no such table" "$TMP"/l.* | wc -l | tr -d ' ' >"$TMP/why"
is "$(cat "$TMP/why")" 5 "... each saying why"
is "$(stat_of counts_made)" 1 "the count failed: the four waiting took its failure, no count made again"
is "$(stat_of counts_waiting)" 0 "... none waiting"
done_testing
