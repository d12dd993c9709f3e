#!/bin/sh
# `triage --db` tells a stream buffer's refills over a re-read file once,
# as triage of the log does (t/7558; issue 34, round 66): r66-cxx-getline's
# row flags IOL-REDUNDANT, not IOL-SMALL-REQ (main: both); r44-lookup-pread,
# 100-B records of the program's own, keeps SMALL-REQ.  The rule reads
# the job-row's existing fields only: no new field.
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null 2>&1 || skip_all "no sqlite3 to read the store"
D=$TOP/t/data
mkdir "$TMP/logs"
cp "$D/triage-round66/r66-cxx-getline.darshan" "$D/triage-round44/r44-lookup-pread.darshan" "$TMP/logs/"
$RUN ingest --db "$TMP/s.db" "$TMP/logs" >/dev/null 2>&1
ok $? "ingest r66-cxx-getline and r44-lookup-pread"
is "$(sqlite3 "$TMP/s.db" 'SELECT count(*) FROM jobs')" 2 "the store holds two jobs"
codes_db() { # where: the warn and high codes of the job it selects
	db_codes --db "$TMP/s.db" --where "$1"
}
c=$(codes_db "path LIKE '%cxx-getline%'")
is "$(has_word "$c" IOL-REDUNDANT)" yes "cxx-getline: REDUNDANT flagged ($c)"
is "$(has_word "$c" IOL-SMALL-REQ)" no "cxx-getline: no SMALL-REQ (told by REDUNDANT)"
c=$(codes_db "path LIKE '%lookup-pread%'")
is "$(has_word "$c" IOL-SMALL-REQ)" yes "lookup-pread: SMALL-REQ flagged ($c)"
is "$(has_word "$c" IOL-REDUNDANT)" yes "lookup-pread: REDUNDANT flagged"
done_testing
