#!/bin/sh
# trend places a job by its start time's period: a start time no
# calendar day holds (1e300 or -1e300 seconds, written into a store by
# hand; infinite) is a job without a start time, counted in the note,
# not a period of the year -25252734927764585 (the day number of 1e300
# seconds overflowed a long: undefined, and an abort under SANITIZE=1).
# The largest start a log can hold (an int64 of seconds, 1e18 here) is
# still placed.  Stores of one job and of NULL keys and values too.
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || skip_all "no sqlite3"

DB=$TMP/pop.db
$IOLENS ingest --db "$DB" "$SAMPLES"/population/logs >/dev/null 2>&1
ok $? "ingest the 30 sample jobs"
sqlite3 "$DB" 'UPDATE jobs SET start_time = 1e300 WHERE id = 3;
	UPDATE jobs SET start_time = -1e300 WHERE id = 4;
	UPDATE jobs SET start_time = 9e999 WHERE id = 5;
	UPDATE jobs SET start_time = 1e18 WHERE id = 7'
ok $? "start times 1e300, -1e300, inf and 1e18"
for e in month week; do
	$RUN trend --db "$DB" --by app --every $e >"$TMP/out" 2>"$TMP/err"
	is "$?:$(cat "$TMP/err")" "0:" "trend --every $e"
	grep -q '^3 jobs without a start time left out' "$TMP/out"
	ok $? "... 1e300, -1e300 and inf are without a start time"
	is "$(grep -c '^ckpt-n1  *-' "$TMP/out")" 0 "... no period before year 0"
	grep -q '^ckpt-n1  *316887' "$TMP/out"
	ok $? "... 1e18 placed in its year"
done
cp "$DB" "$TMP/one.db"
sqlite3 "$TMP/one.db" 'DELETE FROM jobs WHERE id > 1'
$RUN trend --db "$TMP/one.db" --by user --every week >"$TMP/out" 2>"$TMP/err"
is "$?:$(cat "$TMP/err")" "0:" "trend of a store of one job"
sqlite3 "$DB" 'UPDATE jobs SET app = NULL, user = NULL, mib_s = NULL,
	nprocs = NULL, run_time = NULL, start_time = NULL WHERE id % 2 = 0'
$RUN trend --db "$DB" --by user --every month >"$TMP/out" 2>"$TMP/err"
is "$?:$(cat "$TMP/err")" "0:" "trend of a store of NULL keys and values"
done_testing
