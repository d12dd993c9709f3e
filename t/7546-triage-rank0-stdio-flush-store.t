#!/bin/sh
# `triage --db` tells rank 0's flushed STDIO requests once, as triage of
# the log does (t/7545; issue 34, round 60): r60-diag-flush's row flags
# IOL-STDIO-SHARE, not IOL-RANK0-IO nor IOL-IDLE-RANKS (main: all three);
# r50-rank0-tail's 262144 unflushed fwrites of 32 B keep RANK0-IO.  The
# rule reads only fields a store already keeps (STDIO flushes, calls,
# bytes, time): no new job-row field.
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null 2>&1 || skip_all "no sqlite3 to read the store"
D=$TOP/t/data
mkdir "$TMP/logs"
cp "$D/triage-round60/r60-diag-flush.darshan" "$D/triage-round50/r50-rank0-tail.darshan" "$TMP/logs/"
$RUN ingest --db "$TMP/s.db" "$TMP/logs" >/dev/null 2>&1
ok $? "ingest r60-diag-flush and r50-rank0-tail"
is "$(sqlite3 "$TMP/s.db" 'SELECT count(*) FROM jobs')" 2 "the store holds two jobs"
codes_db() { # where: the warn and high codes of the job it selects
	db_codes --db "$TMP/s.db" --where "$1"
}
c=$(codes_db "nprocs = 4 AND path LIKE '%diag-flush%'")
is "$(has_word "$c" IOL-STDIO-SHARE)" yes "diag-flush: STDIO-SHARE flagged ($c)"
is "$(has_word "$c" IOL-RANK0-IO)" no "diag-flush: no RANK0-IO (told by STDIO-SHARE)"
is "$(has_word "$c" IOL-IDLE-RANKS)" no "diag-flush: no IDLE-RANKS"
c=$(codes_db "path LIKE '%rank0-tail%'")
is "$(has_word "$c" IOL-RANK0-IO)" yes "rank0-tail: RANK0-IO flagged ($c)"
is "$(has_word "$c" IOL-IDLE-RANKS)" yes "rank0-tail: IDLE-RANKS flagged"
done_testing
