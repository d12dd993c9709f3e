#!/bin/sh
# Absurd values in an mmperfmon report are refused with the line, exit 1:
# a byte count that is negative, infinite or past 2^53 (9 PB in one
# bucket; a double no longer holds every byte), and a time stamp that is
# no time (month 13, before 1970).  Before, a negative count became
# negative bytes, 1e300 an undefined llround, and a row of no time was
# passed over in silence.  A null and a zero still read.
. "$(dirname "$0")/lib.sh"

report() { # value of row 2, time stamp of row 2
	printf 'Legend:\n 1:\tsrv1|GPFSNSDDisk|d0|gpfs_nsdds_bytes_read\n 2:\tsrv1|CPU|cpu_user\n\n'
	printf 'Row           Timestamp gpfs_nsdds_bytes_read cpu_user\n'
	printf '  1 2020-01-01-10:00:00 5 -1\n  2 %s %s 2.5\n' "$2" "$1"
}
for v in -5 inf 1e300 9007199254740993000; do
	report "$v" 2020-01-01-10:01:00 >"$TMP/r.txt"
	$RUN fsload --format=csv "$TMP/r.txt" >/dev/null 2>"$TMP/err"
	is "$? $(sed 's/: [^:]* is no count/: V is no count/' "$TMP/err")" \
		"1 iolens fsload: cannot read '$TMP/r.txt': line 7: srv1|d0: V is no count of bytes" \
		"bytes $v: refused, naming the line and the column ($(cat "$TMP/err"))"
done
for t in 2020-13-01-10:01:00 1969-12-31-10:01:00; do
	report 7 "$t" >"$TMP/r.txt"
	$RUN fsload --format=csv "$TMP/r.txt" >/dev/null 2>"$TMP/err"
	is "$? $(cat "$TMP/err")" \
		"1 iolens fsload: cannot read '$TMP/r.txt': line 7: no such time $t" \
		"time stamp $t: refused, naming the line"
done
for vw in "null 5" "0 5" "9007199254740992 9007199254740997"; do
	set -- $vw
	report "$1" 2020-01-01-10:01:00 >"$TMP/r.txt"
	out=$($RUN fsload --format=csv "$TMP/r.txt" 2>"$TMP/err")
	is "$? $(echo "$out" | awk -F, '$1 == "d0" { print $3 }')" "0 $2" \
		"bytes $1: read, 5 + it ($(cat "$TMP/err"))"
done
# in an archive, the member named too
report -5 2020-01-01-10:01:00 >"$TMP/r.txt"
(cd "$TMP" && tar cf r.tar r.txt)
$RUN fsload --format=csv "$TMP/r.tar" >/dev/null 2>"$TMP/err"
is "$? $(cat "$TMP/err")" \
	"1 iolens fsload: cannot read '$TMP/r.tar': r.txt: line 7: srv1|d0: -5 is no count of bytes" \
	"in an archive: the member and the line"

done_testing
