#!/bin/sh
# The same GPFS report given twice under two names (a copy, or a copy in
# an archive and beside it) was summed twice, since one bucket's reports
# of an NSD add up (its servers'); t/7219 refuses only a path named
# twice.  Now a server's metric of a disk given again over a period read
# before is refused, with a line naming the column and the bucket: which
# copy is right is not known (two reports that overlap may differ), so
# counting one of them would be a guess.  Queries that follow each other
# and reads queried apart from writes still add up.
. "$(dirname "$0")/lib.sh"

mm() { # host metric "hh:mm value"...: disk d0's report
	_h=$1 _m=$2
	shift 2
	gpfs_nsd "$_h" d0 "$_m" "$@"
}
mm srv1 read "10:00 100" "10:01 200" >"$TMP/r1.txt"
cp "$TMP/r1.txt" "$TMP/copy.txt"
mm srv1 written "10:00 7" "10:01 8" >"$TMP/w1.txt"
mm srv1 read "10:02 400" "10:03 800" >"$TMP/next.txt"
mm srv1 read "10:01 200" "10:02 400" >"$TMP/overlap.txt"
mm srv2 read "10:00 1000" "10:01 2000" >"$TMP/r2.txt"
rows() { awk -F, '$2 == "nsd" || $2 == "fs" { printf "%s %s %s;", $1, $3, $4 }'; }

$RUN fsload --format=csv "$TMP/r1.txt" "$TMP/copy.txt" >/dev/null 2>"$TMP/err"
is "$? $(cat "$TMP/err")" \
	"1 iolens fsload: cannot read '$TMP/copy.txt': line 2: srv1|d0|gpfs_nsdds_bytes_read at 2020-01-01T10:00:00Z: given before (a copy of a report read already?)" \
	"a copy of a report under another name: refused, naming its legend line, exit 1"
(cd "$TMP" && tar cf r1.tar r1.txt && gzip -c r1.tar >r1.tgz)
for a in r1.tar r1.tgz; do
	$RUN fsload --format=csv "$TMP/$a" "$TMP/r1.txt" >/dev/null 2>"$TMP/err"
	is "$? $(cat "$TMP/err")" \
		"1 iolens fsload: cannot read '$TMP/r1.txt': line 2: srv1|d0|gpfs_nsdds_bytes_read at 2020-01-01T10:00:00Z: given before (a copy of a report read already?)" \
		"a report in $a and beside it: refused"
done
$RUN fsload --format=csv "$TMP/r1.txt" "$TMP/r1.tar" >/dev/null 2>"$TMP/err"
is "$? $(cat "$TMP/err")" \
	"1 iolens fsload: cannot read '$TMP/r1.tar': r1.txt: line 2: srv1|d0|gpfs_nsdds_bytes_read at 2020-01-01T10:00:00Z: given before (a copy of a report read already?)" \
	"the other way round: the archive's member named"
$RUN fsload --format=csv "$TMP/r1.txt" "$TMP/overlap.txt" >/dev/null 2>"$TMP/err"
is "$? $(cat "$TMP/err")" \
	"1 iolens fsload: cannot read '$TMP/overlap.txt': line 2: srv1|d0|gpfs_nsdds_bytes_read at 2020-01-01T10:01:00Z: given before (a copy of a report read already?)" \
	"two queries that share the 10:01 bucket: refused, naming it"

out=$($RUN fsload --format=csv "$TMP/r1.txt" "$TMP/next.txt" "$TMP/w1.txt" "$TMP/r2.txt" 2>"$TMP/err")
is "$? $(echo "$out" | rows)" "0 d0 4500 15;all 4500 15;" \
	"queries that follow each other, writes queried apart, another server: all added up ($(cat "$TMP/err"))"

# a store: each file its own recording, so the copy is refused when it
# is ingested (the store keeps each recording's columns); the same file
# again is a replacement, not a copy; merge-db carries the columns (but
# does not refuse two shards that each hold a copy)
command -v sqlite3 >/dev/null && {
	S=$TMP/s.db
	$RUN ingest --db "$S" --fsload "$TMP/r1.txt" --fsload "$TMP/w1.txt" >/dev/null 2>"$TMP/err"
	ok $? "the report and its writes stored ($(cat "$TMP/err"))"
	$RUN ingest --db "$S" --fsload "$TMP/copy.txt" >/dev/null 2>"$TMP/err"
	is "$? $(cat "$TMP/err")" \
		"1 iolens ingest: cannot store '$TMP/copy.txt': srv1|d0|gpfs_nsdds_bytes_read at 2020-01-01T10:00:00Z: stored before from '$(cd "$TMP" && pwd -P)/r1.txt' (a copy of a report stored already?)" \
		"its copy ingested: refused, naming the recording that holds it"
	touch "$TMP/r1.txt"
	$RUN ingest --db "$S" --fsload "$TMP/r1.txt" >/dev/null 2>"$TMP/err"
	ok $? "the report itself changed: stored again ($(cat "$TMP/err"))"
	is "$($RUN fsload --format=csv --db "$S" | rows)" "d0 300 15;all 300 15;" \
		"fsload --db: each bucket once"
	$RUN merge-db "$TMP/m.db" "$S" >/dev/null 2>"$TMP/err"
	ok $? "merge-db of the store ($(cat "$TMP/err"))"
	$RUN ingest --db "$TMP/m.db" --fsload "$TMP/overlap.txt" >/dev/null 2>"$TMP/err"
	is "$?" 1 "the merged store refuses a copy too: merge-db carries the columns ($(cat "$TMP/err"))"
}

done_testing
