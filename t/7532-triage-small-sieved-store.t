#!/bin/sh
# IOL-SMALL-REQ's sieved calls (t/7531) from a population store.  The
# job-row field mpiio_sieved_share is outside the rule's needed fields: a
# store made before it (the field NULL) keeps the reading it had (SMALL-
# REQ warns, 7.9 s), not "not evaluated"; a share leaves that share of
# the small calls' time out; a damaged row's share is taken within 0..1.
# r55-dsread's row, edited with sqlite3.
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || skip_all "sqlite3 is not installed"
DB=$TMP/s.db
$RUN ingest --db "$DB" "$TOP/t/data/triage-round55/r55-dsread.darshan" >/dev/null 2>&1
ok $? "ingest r55-dsread"
is "$(sqlite3 "$DB" "SELECT mpiio_sieved_share FROM jobs")" 1.0 \
	"the row holds the share: all 32 small calls sieved"
small() { # SQL assignment: SMALL-REQ's stake on the row so edited, "" if no finding
	cp "$DB" "$TMP/e.db"
	[ -z "$1" ] || sqlite3 "$TMP/e.db" "UPDATE jobs SET $1"
	$RUN triage --db "$TMP/e.db" --format tsv 2>/dev/null |
		awk -F'\t' 'NR > 1' | tr ';' '\n' |
		sed -n 's/.*IOL-SMALL-REQ=[^(]*(\([0-9.]*\) s at stake).*/\1/p'
}
is "$(small "")" "" "as logged: SMALL-REQ is no finding"
is "$(small "mpiio_sieved_share = NULL")" 7.9 "a store made before the field: SMALL-REQ's 7.9 s, as before"
is "$(small "mpiio_sieved_share = -3")" 7.9 "a negative share is none"
is "$(small "mpiio_sieved_share = 7")" "" "a share over 1 is all"
h=$(small "mpiio_sieved_share = 0.5")
ok "$(awk -v h="$h" 'BEGIN { exit !(h > 3 && h < 4.5) }'; echo $?)" \
	"half the calls sieved: about half the stake ($h s)"
done_testing
