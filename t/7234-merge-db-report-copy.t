#!/bin/sh
# Two shards each holding a copy of one GPFS report (under two names):
# ingest refuses the copy (t/7226), but merge-db copied both into the
# merged store, and fsload --db then summed every bucket twice.  Now the
# merge checks each recording's columns as ingest does, in the
# transaction that would add it: a copy is left out, named with the
# recording that holds it, the rest merged, exit 1.  Merging again
# leaves it out again.
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || skip_all "no sqlite3"

mm() { # host metric "hh:mm value"...: disk d0's report
	_h=$1 _m=$2
	shift 2
	gpfs_nsd "$_h" d0 "$_m" "$@"
}
mm srv1 read "10:00 100" "10:01 200" >"$TMP/r1.txt"
cp "$TMP/r1.txt" "$TMP/copy.txt"
mm srv1 written "10:00 7" "10:01 8" >"$TMP/w1.txt"
mm srv1 read "10:01 200" "10:02 400" >"$TMP/overlap.txt"
mm srv1 read "10:03 800" "10:04 1600" >"$TMP/later.txt"
rows() { awk -F, '$2 == "nsd" || $2 == "fs" { printf "%s %s %s;", $1, $3, $4 }'; }
R=$(cd "$TMP" && pwd -P)

$RUN ingest --db "$TMP/a.db" --fsload "$TMP/r1.txt" >/dev/null 2>"$TMP/err"
ok $? "shard a: the report ($(cat "$TMP/err"))"
$RUN ingest --db "$TMP/b.db" --fsload "$TMP/copy.txt" --fsload "$TMP/w1.txt" >/dev/null 2>"$TMP/err"
ok $? "shard b: its copy and the writes ($(cat "$TMP/err"))"

out=$($RUN merge-db "$TMP/m.db" "$TMP/a.db" "$TMP/b.db" 2>"$TMP/err")
is "$? $out $(cat "$TMP/err")" \
	"1 2 stores: 0 jobs added iolens merge-db: '$TMP/b.db': recording '$R/copy.txt': srv1|d0|gpfs_nsdds_bytes_read at 2020-01-01T10:00:00Z: stored before from '$R/r1.txt' (a copy of a report stored already?)" \
	"merge-db: the copy left out, named with the report that holds it, exit 1"
is "$(sqlite3 "$TMP/m.db" 'SELECT source FROM fs_recordings ORDER BY id' | sed "s|$R/||" | tr '\n' ' ')" \
	"r1.txt w1.txt " "the report and the writes merged, the copy not"
is "$($RUN fsload --format=csv --db "$TMP/m.db" | rows)" "d0 300 15;all 300 15;" \
	"fsload --db on the merged store: each bucket once"
is "$(sqlite3 "$TMP/m.db" "SELECT count(*) FROM fs_seen s JOIN fs_recordings r ON r.id = s.rec WHERE r.source LIKE '%copy.txt'")" \
	0 "no column of the copy left behind (its transaction rolled back)"

$RUN merge-db "$TMP/m.db" "$TMP/a.db" "$TMP/b.db" >/dev/null 2>"$TMP/err"
is "$? $(sed 's/:.*//' "$TMP/err")" "1 iolens merge-db" "merged again: left out again, exit 1"
is "$(sqlite3 "$TMP/m.db" 'SELECT count(*) FROM fs_recordings')" 2 "and nothing added twice"

# a copy that shares one bucket only; a query that follows the report
# is not a copy; more copies counted after the first
$RUN ingest --db "$TMP/c.db" --fsload "$TMP/overlap.txt" --fsload "$TMP/later.txt" >/dev/null 2>"$TMP/err"
ok $? "shard c: a query sharing 10:01 with the report, one after it ($(cat "$TMP/err"))"
$RUN merge-db "$TMP/m2.db" "$TMP/a.db" "$TMP/c.db" >/dev/null 2>"$TMP/err"
is "$? $(cat "$TMP/err")" \
	"1 iolens merge-db: '$TMP/c.db': recording '$R/overlap.txt': srv1|d0|gpfs_nsdds_bytes_read at 2020-01-01T10:01:00Z: stored before from '$R/r1.txt' (a copy of a report stored already?)" \
	"the query sharing the 10:01 bucket: left out, naming it"
is "$($RUN fsload --format=csv --db "$TMP/m2.db" | rows)" "d0 2700 0;all 2700 0;" \
	"the report and the query after it merged (100+200+800+1600)"
cp "$TMP/r1.txt" "$TMP/copy2.txt"
cp "$TMP/w1.txt" "$TMP/wcopy.txt"
$RUN ingest --db "$TMP/d.db" --fsload "$TMP/copy2.txt" --fsload "$TMP/wcopy.txt" >/dev/null 2>&1
$RUN merge-db "$TMP/m4.db" "$TMP/a.db" "$TMP/b.db" "$TMP/d.db" >/dev/null 2>"$TMP/err"
is "$? $(sed -n '2p' "$TMP/err")" "1 iolens merge-db: 2 more recordings left out as copies" \
	"three copies in two shards: the first named, the others counted"
is "$($RUN fsload --format=csv --db "$TMP/m4.db" | rows)" "d0 300 15;all 300 15;" \
	"each bucket once"

# a recording the output holds under its own name is kept, not a copy
$RUN merge-db "$TMP/m3.db" "$TMP/a.db" "$TMP/a.db" >/dev/null 2>"$TMP/err"
is "$? $(cat "$TMP/err")" "0 " "the same shard twice: no copy, exit 0"

done_testing
