#!/bin/sh
# `triage --db` leaves r62-manifest's metadata to IOL-FSYNC as triage of
# the log does (t/7554; issue 34, round 62): its row flags IOL-FSYNC and
# not IOL-META-BOUND (main: both), while r36-openclose-each's open storm
# (an open and close each record, no sync) keeps META-BOUND.  The rule reads
# fields a store already keeps (POSIX opens, syncs, writes, written
# records): no new job-row field.
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null 2>&1 || skip_all "no sqlite3 to read the store"
D=$TOP/t/data
mkdir "$TMP/logs"
cp "$D/triage-round62/r62-manifest.darshan" "$D/triage-round36/r36-openclose-each.darshan" "$TMP/logs/"
$RUN ingest --db "$TMP/s.db" "$TMP/logs" >/dev/null 2>&1
ok $? "ingest r62-manifest and r36-openclose-each"
is "$(sqlite3 "$TMP/s.db" 'SELECT count(*) FROM jobs')" 2 "the store holds two jobs"
codes_db() { # where: the warn and high codes of the job it selects
	db_codes --db "$TMP/s.db" --where "$1"
}
c=$(codes_db "path LIKE '%r62-manifest%'")
is "$(has_word "$c" IOL-FSYNC)" yes "manifest: FSYNC flagged ($c)"
is "$(has_word "$c" IOL-META-BOUND)" no "manifest: no META-BOUND (told by FSYNC)"
c=$(codes_db "path LIKE '%r36-openclose-each%'")
is "$(has_word "$c" IOL-META-BOUND)" yes "openclose-each: META-BOUND flagged ($c)"
done_testing
