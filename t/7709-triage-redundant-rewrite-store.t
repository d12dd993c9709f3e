#!/bin/sh
# A store keeps each file's rewrites among the bytes moved again (job-row
# field redundant_rewrite_bytes; issue 34, round 131) and `triage --db`
# splits REDUNDANT's bytes as triage of the log does: r131-hmevery's
# 95 MiB rewritten to a 1 MiB histogram are rewrites at the write time,
# 3.03 s at stake (labelled material, 3.0 s).  A store made before the
# field (its column dropped) keeps main's reading: re-reads first, as far
# as the bytes read allow, at the counters' read pace: 1.01 s.
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null 2>&1 || skip_all "no sqlite3 to read the store"
mkdir "$TMP/logs"
cp "$TOP/t/data/triage-round131/r131-hmevery.darshan" "$TMP/logs/"
$RUN ingest --db "$TMP/s.db" "$TMP/logs" >/dev/null 2>&1
ok $? "ingest r131-hmevery"
is "$(sqlite3 "$TMP/s.db" 'SELECT redundant_rewrite_bytes FROM jobs')" \
	99614720 "the store keeps redundant_rewrite_bytes"
stake() { # store: REDUNDANT's seconds at stake ("findings" column)
	$RUN triage --db "$1" --top all --format tsv 2>/dev/null | awk -F'\t' '
		NR == 1 { for (i = 1; i <= NF; i++) if ($i == "findings") c = i; next }
		{ s = $c; if (!sub(/.*IOL-REDUNDANT=[^(]*[(]/, "", s)) next
			sub(/ s at stake.*/, "", s); print s }'
}
s=$(stake "$TMP/s.db")
ok $(awk -v s="$s" 'BEGIN { exit !(s >= 2.5 && s <= 3.5) }'; echo $?) \
	"the store: REDUNDANT stakes the rewrites' write time, as the log's triage (3.03 s; got $s)"
cp "$TMP/s.db" "$TMP/old.db"
if ! sqlite3 "$TMP/old.db" 'ALTER TABLE jobs DROP COLUMN redundant_rewrite_bytes' 2>/dev/null; then
	skip "sqlite3 cannot drop a column"
else
	s=$(stake "$TMP/old.db")
	ok $(awk -v s="$s" 'BEGIN { exit !(s > 0 && s < 2) }'; echo $?) \
		"a store without the field: main's reading, re-reads first (1.01 s; got $s)"
fi
done_testing
