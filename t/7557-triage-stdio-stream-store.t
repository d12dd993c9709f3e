#!/bin/sh
# `triage --db` times a buffered stream's calls without its opens and
# closes, as triage of the log does (t/7556; issue 34, round 13), from
# the job-row field stdio_meta_time (STDIO_F_META_TIME a process, at
# the end of the row, in no rule's need[]).  A store made before that
# field (its column NULL) keeps its old reading: the whole STDIO time.
# min_group_stake_s = 0 lists a job whose stake is under a second.
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null 2>&1 || skip_all "no sqlite3 to read the store"
mkdir "$TMP/logs"
L=$TOP/t/data/triage-round13/reruns/r13-appendbuf-ab2.darshan
cp "$L" "$TMP/logs/"
$RUN ingest --db "$TMP/s.db" "$TMP/logs" >/dev/null 2>&1
ok $? "ingest r13-appendbuf-ab2"
printf 'min_group_stake_s = 0\n' >"$TMP/g.conf"
truth=$($RUN parse "$L" | awk -F'\t' '$4 == "STDIO_F_META_TIME" { m += $5 } END { printf "%.4f", m }')
got=$(sqlite3 "$TMP/s.db" 'SELECT printf("%.4f", stdio_meta_time) FROM jobs')
is "$got" "$truth" "stdio_meta_time is STDIO_F_META_TIME of its one process (awk: $truth s)"
codes_db() { # the warn and high codes of every listed job
	db_codes --db "$TMP/s.db" --config "$TMP/g.conf"
}
is "$(codes_db)" "" "the store's row: no STDIO-SHARE (a buffered stream)"
sqlite3 "$TMP/s.db" 'UPDATE jobs SET stdio_meta_time = NULL'
is "$(codes_db)" IOL-STDIO-SHARE "without the field (an older store): STDIO-SHARE as before"
done_testing
