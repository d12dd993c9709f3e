#!/bin/sh
# IOL-RANK0-IO's device wait (issue 34, round 39; t/7523) from a
# population store, and where it does not apply.  It reads two job-row
# fields, synced_once_mibs and large_read_mibs, outside the rule's
# needed fields: a store whose rows lack either keeps its reading (the
# funnel, warn, 0.802 s), not "not evaluated".  A job's large reads no
# faster than its writes show no copy pace beyond the device's, and on
# Lustre (lustre_ops) the writers flush to several servers: the funnel
# stays.  r39-n1-32m's row, edited with sqlite3.
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || skip_all "sqlite3 is not installed"
DB=$TMP/s.db
$RUN ingest --db "$DB" "$TOP/t/data/triage-round39/r39-n1-32m.darshan" >/dev/null 2>&1
ok $? "ingest r39-n1-32m"
rank0() { # SQL assignment: RANK0-IO's and IDLE-RANKS' verdict on the row so edited
	cp "$DB" "$TMP/e.db"
	[ -z "$1" ] || sqlite3 "$TMP/e.db" "UPDATE jobs SET $1"
	$RUN triage --db "$TMP/e.db" --format tsv 2>/dev/null |
		awk -F'\t' 'NR > 1 { print $12, $15 }'
}
is "$(rank0 "")" "" "as logged: nothing flagged (the device's wait)"
for q in "synced_once_mibs = NULL" "large_read_mibs = NULL" \
	"large_read_mibs = 16" "lustre_ops = 64"; do
	is "$(rank0 "$q")" "IOL-RANK0-IO IOL-IDLE-RANKS IOL-RANK0-IO=100/99 % (0.802 s at stake); IOL-IDLE-RANKS=75/0 % (0.802 s at stake)" \
		"$q: the funnel, 0.802 s"
done
done_testing
