#!/bin/sh
# A GPFS mmperfmon report numbers its rows in turn (each table of a wide
# query from 1 again): a row number that skips ahead is corrupt.  Before,
# every row up to it was made, one value a legend column each, so one
# line of 30 bytes cost 470 MB for a one-column legend (and gigabytes
# for a wide one).  Run under an address-space limit of 100 MB, where
# the row far ahead failed before too, out of memory (so it is row 3
# after row 1 that fails before: read as if rows were missing).
. "$(dirname "$0")/lib.sh"
report() { # last row number
	printf 'Legend:\n 1:\tsrv1|GPFSNSDDisk|d0|gpfs_nsdds_bytes_read\n\n'
	printf 'Row           Timestamp gpfs_nsdds_bytes_read\n'
	printf '  1 2020-01-01-10:00:00 5\n  %s 2020-01-01-10:01:00 7\n' "$1"
}
report 2 >"$TMP/ok.txt"
$RUN fsload --format=csv "$TMP/ok.txt" >"$TMP/ok.csv" 2>"$TMP/err"
is "$?:$(cat "$TMP/err")" "0:" "rows 1 and 2 read"
is "$(awk -F, '$2 == "nsd" { print $1, $3 }' "$TMP/ok.csv")" "d0 12" "both rows' bytes, 5 + 7"
for n in 9999999 3; do
	report $n >"$TMP/r.txt"
	(vm_limit 100000; $RUN fsload --format=csv "$TMP/r.txt") >/dev/null 2>"$TMP/err"
	is "$?:$(cat "$TMP/err")" "1:iolens fsload: cannot read '$TMP/r.txt': line 6: row number $n" \
		"row $n after row 1: refused, naming the line"
done
done_testing
