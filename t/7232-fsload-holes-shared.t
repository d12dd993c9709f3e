#!/bin/sh
# fsload: missing samples of one disk in several series (its reads and
# writes queried apart, as pytokio keeps them; two servers of an NSD)
# that cover one period are one gap of that period's seconds.  Before,
# each series' hole was counted: a bucket missing from both the read
# and the write report was 2 gaps and 120 s without samples in a window
# of 180 s that lacked 60.  Holes at different times stay apart.
. "$(dirname "$0")/lib.sh"

# report <file> <server> <metric> <value of 10:00> <10:01> <10:02> <10:03>
report() {
	printf 'Legend:\n 1:\t%s|GPFSNSDDisk|d0|%s\n\nRow           Timestamp %s\n  1 2020-01-01-10:00:00 %s\n  2 2020-01-01-10:01:00 %s\n  3 2020-01-01-10:02:00 %s\n  4 2020-01-01-10:03:00 %s\n' \
		"$2" "$3" "$3" "$4" "$5" "$6" "$7" >"$TMP/$1"
}
gaps() { awk -F, '$1 == "d0" || $1 == "all" { printf "%s %s %s;", $1, $16, $17 }' "$1"; }

report rd.txt srv1 gpfs_nsdds_bytes_read 100 null 100 100
report wr.txt srv1 gpfs_nsdds_bytes_written 10 null 10 10
$RUN fsload --format=csv "$TMP/rd.txt" "$TMP/wr.txt" >"$TMP/a.csv" 2>"$TMP/err"
is "$? $(gaps "$TMP/a.csv")" "0 d0 1 60;all 1 60;" \
	"reads and writes queried apart, both missing 10:01: one gap of 60 s ($(cat "$TMP/err"))"
is "$(awk -F, '$1 == "d0" { print $3, $4 }' "$TMP/a.csv")" "300 30" "the bytes as before"

report s1.txt srv1 gpfs_nsdds_bytes_read 100 null 100 100
report s2.txt srv2 gpfs_nsdds_bytes_read 100 null 100 100
$RUN fsload --format=csv "$TMP/s1.txt" "$TMP/s2.txt" >"$TMP/b.csv" 2>"$TMP/err"
is "$? $(gaps "$TMP/b.csv")" "0 d0 1 60;all 1 60;" \
	"two servers of an NSD both missing 10:01: one gap of 60 s ($(cat "$TMP/err"))"

report t2.txt srv2 gpfs_nsdds_bytes_read 100 100 100 null
$RUN fsload --format=csv "$TMP/s1.txt" "$TMP/t2.txt" >"$TMP/c.csv" 2>"$TMP/err"
is "$? $(gaps "$TMP/c.csv")" "0 d0 2 120;all 2 120;" \
	"holes at different times: a gap each ($(cat "$TMP/err"))"

$RUN ingest --db "$TMP/s.db" --fsload "$TMP/rd.txt" >/dev/null 2>"$TMP/err" &&
	$RUN ingest --db "$TMP/s.db" --fsload "$TMP/wr.txt" >/dev/null 2>>"$TMP/err"
$RUN fsload --format=csv --db "$TMP/s.db" >"$TMP/d.csv" 2>>"$TMP/err"
is "$? $(gaps "$TMP/d.csv")" "0 d0 1 60;all 1 60;" "the same from a store ($(cat "$TMP/err"))"
done_testing
