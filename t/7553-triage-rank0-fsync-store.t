#!/bin/sh
# `triage --db` tells rank 0's own repeated syncs once, as triage of the
# log does (t/7552; issue 34, round 61): r61-iorank-fsync's row flags
# IOL-FSYNC, not IOL-RANK0-IO, IOL-IDLE-RANKS nor IOL-RANK-IMBALANCE (main:
# all four); r4-rank0-io, a funnel without syncs, keeps RANK0-IO.  The rule
# compares the two rules' stakes only: no new job-row field.
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null 2>&1 || skip_all "no sqlite3 to read the store"
D=$TOP/t/data
mkdir "$TMP/logs"
cp "$D/triage-round61/r61-iorank-fsync.darshan" "$D/triage-round4/r4-rank0-io.darshan" "$TMP/logs/"
$RUN ingest --db "$TMP/s.db" "$TMP/logs" >/dev/null 2>&1
ok $? "ingest r61-iorank-fsync and r4-rank0-io"
is "$(sqlite3 "$TMP/s.db" 'SELECT count(*) FROM jobs')" 2 "the store holds two jobs"
codes_db() { # where: the warn and high codes of the job it selects
	db_codes --db "$TMP/s.db" --where "$1"
}
c=$(codes_db "path LIKE '%iorank-fsync%'")
is "$(has_word "$c" IOL-FSYNC)" yes "iorank-fsync: FSYNC flagged ($c)"
for k in IOL-RANK0-IO IOL-IDLE-RANKS IOL-RANK-IMBALANCE; do
	is "$(has_word "$c" $k)" no "iorank-fsync: no $k (told by FSYNC)"
done
c=$(codes_db "path LIKE '%rank0-io%'")
is "$(has_word "$c" IOL-RANK0-IO)" yes "rank0-io: RANK0-IO flagged ($c)"
is "$(has_word "$c" IOL-IDLE-RANKS)" yes "rank0-io: IDLE-RANKS flagged"
done_testing
