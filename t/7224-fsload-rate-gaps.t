#!/bin/sh
# Missing samples of the rate forms (h5lmt, TOKIO HDF5, mmperfmon) are
# gaps, counted and shown as an LMT database's are (t/7218): a run of
# missing samples (NaN, an h5lmt /FSMissingGroup flag, an mmperfmon
# null, a time stamp that skips steps) is one gap, its seconds those of
# the samples missing; a sample that spans skipped steps (h5lmt: a rate
# between two time stamps two steps apart) is a gap of the skipped part,
# as an LMT counter across a missing reading.  Before, they gave no bin
# but 0 gaps, and an mmperfmon row before a skipped time stamp spread
# its bytes, covered, to the next row.  Recordings are written here
# (HDF5 by t/unit/h5gen), each bucket's state given by a letter; the
# truths are counted by awk from those letters.
. "$(dirname "$0")/lib.sh"

# gaps: "name gaps seconds;" per target then "all" from state strings
# "name step w1 w2 ...", wk the width of bucket k in steps, a letter
# for its state: . present, x missing
truth() {
	awk '{
		g = 0; s = 0; run = 0
		for (k = 3; k <= NF; k++) {
			w = substr($k, 1, length($k) - 1); st = substr($k, length($k))
			if (st == "x") { if (!run) g++; run = 1; s += w * $2; continue }
			run = 0
			if (w > 1) { g++; s += (w - 1) * $2 }
		}
		printf "%s %d %d;", $1, g, s; G += g; S += s
	} END { printf "all %d %d;", G, S }'
}
gaps() { awk -F, '$2 == "ost" || $2 == "nsd" || $2 == "fs" { printf "%s %s %s;", $1, $16, $17 }' "$1"; }
bytes() { awk -F, '$2 == "ost" || $2 == "nsd" || $2 == "fs" { printf "%s %s %s;", $1, $3, $4 }' "$1"; }

# mmperfmon (no library needed): d0 has nulls at 10:01-10:02 and a
# skipped 10:04-10:05; d1 the skip and a null at 10:07.  Its reads and
# writes are queried apart (two reports of srv1): the write report has
# every row, so its buckets meet the read report's holes.
cat >"$TMP/r.txt" <<'T'
Legend:
 1:	srv1|GPFSNSDDisk|d0|gpfs_nsdds_bytes_read
 2:	srv1|GPFSNSDDisk|d1|gpfs_nsdds_bytes_read

Row           Timestamp gpfs_nsdds_bytes_read gpfs_nsdds_bytes_read
  1 2020-01-01-10:00:00   100     1
  2 2020-01-01-10:01:00  null     1
  3 2020-01-01-10:02:00  null     1
  4 2020-01-01-10:03:00   100     1
  5 2020-01-01-10:06:00   100     1
  6 2020-01-01-10:07:00   100  null
T
cat >"$TMP/w.txt" <<'T'
Legend:
 1:	srv1|GPFSNSDDisk|d0|gpfs_nsdds_bytes_written

Row           Timestamp gpfs_nsdds_bytes_written
  1 2020-01-01-10:00:00    10
  2 2020-01-01-10:01:00    10
  3 2020-01-01-10:02:00    10
  4 2020-01-01-10:03:00    10
  5 2020-01-01-10:04:00    10
  6 2020-01-01-10:05:00    10
  7 2020-01-01-10:06:00    10
  8 2020-01-01-10:07:00    10
T
want=$(printf '%s\n' "d0 60 1. 2x 1. 2x 1. 1." "d1 60 1. 1. 1. 1. 2x 1. 1x" | truth)
$RUN fsload --format=csv "$TMP/r.txt" >"$TMP/m.csv" 2>"$TMP/err"
is "$(gaps "$TMP/m.csv")" "$want" "mmperfmon: nulls and skipped time stamps are gaps ($(cat "$TMP/err"))"
is "$(bytes "$TMP/m.csv")" "d0 400 0;d1 5 0;all 405 0;" "mmperfmon: the bytes unchanged"
is "$($RUN fsload --format=csv --intervals "$TMP/r.txt" | awk -F, '$1 == "d0" { printf "%s %s;", substr($2, 12, 5), $4 }')" \
	"10:00 100;10:03 100;10:06 100;10:07 100;" \
	"mmperfmon: the row before a skipped time stamp is its own bucket, not spread over the skip"
$RUN fsload --format=csv "$TMP/r.txt" "$TMP/w.txt" >"$TMP/rw.csv" 2>"$TMP/err"
is "$? $(bytes "$TMP/rw.csv")" "0 d0 400 80;d1 5 0;all 405 80;" \
	"reads and writes queried apart: the read report's holes meet the write report's buckets ($(cat "$TMP/err"))"
is "$(gaps "$TMP/rw.csv")" "$want" "the write report of every row adds no gap"
$RUN fsload "$TMP/r.txt" >"$TMP/m.txt"
is "$(grep "gaps (" "$TMP/m.txt")" "  4 gaps (420 s without samples), 0 counter resets (restarts: the new count is new traffic)" \
	"the text says them as it says an LMT database's"
command -v sqlite3 >/dev/null && {
	$RUN ingest --db "$TMP/s.db" --fsload "$TMP/r.txt" >/dev/null 2>"$TMP/err"
	$RUN fsload --format=csv --db "$TMP/s.db" >"$TMP/d.csv" 2>>"$TMP/err"
	cmp -s "$TMP/m.csv" "$TMP/d.csv" && [ -s "$TMP/d.csv" ]
	ok $? "a store gives the recording's CSV, gaps and all ($(cat "$TMP/err"))"
}

# a time stamp 8000 years on: one hole, not a bucket each (bounded
# memory: 200 MB here), counted whole by a window that touches it, as an
# LMT interval across missing readings is
printf 'Legend:\n 1:\tsrv1|GPFSNSDDisk|d0|gpfs_nsdds_bytes_read\n\nRow           Timestamp gpfs_nsdds_bytes_read\n  1 2020-01-01-10:00:00 100\n  2 2020-01-01-10:01:00 100\n  3 9999-01-01-10:01:00 null\n  4 9999-01-01-10:02:00 7\n' >"$TMP/far.txt"
secs=$(($(date -u -d 9999-01-01T10:02:00Z +%s) - $(date -u -d 2020-01-01T10:02:00Z +%s)))
out=$(vm_limit 200000 && $IOLENS fsload --format=csv --from 9999-01-01T00:00:00Z "$TMP/far.txt" 2>&1)
is "$? $(echo "$out" | awk -F, '$1 == "d0" { print $3, $16, $17 }')" "0 7 1 $secs" \
	"8000 years skipped: one gap of $secs s, the window's 7 bytes, under 200 MB"

"$TOP/t/unit/h5gen" "$TMP/probe.h5" </dev/null 2>/dev/null
[ $? = 77 ] && { skip "libhdf5 is not installed" 5; done_testing; exit 0; }

# h5lmt: 5 s steps, the time stamp 30 skipped (bucket 6 spans 25-35);
# OST0000: NaN at buckets 3-4, flagged missing at 9; rates 1 and 10 B/s
# read and written, OST0001 2 and 20
{
	echo "h5lmt 2 12"
	echo "0 5 10 15 20 25 35 40 45 50 55 60"
	echo "0 1 1 nan 1 1 1 1 1 1 1 1"
	echo "0 2 2 2 2 2 2 2 2 2 2 2"
	echo "0 10 10 10 nan 10 10 10 10 10 10 10"
	echo "0 20 20 20 20 20 20 20 20 20 20 20"
	echo "0 0 0 0 0 0 0 0 0 1 0 0"
	echo "0 0 0 0 0 0 0 0 0 0 0 0"
} | "$TOP/t/unit/h5gen" "$TMP/g.h5lmt"
ok $? "an h5lmt file written"
$RUN fsload --format=csv "$TMP/g.h5lmt" >"$TMP/h.csv" 2>"$TMP/err"
is "$(gaps "$TMP/h.csv")" \
	"$(printf '%s\n' "OST0000 5 1. 1. 1x 1x 1. 2. 1. 1. 1x 1. 1." "OST0001 5 1. 1. 1. 1. 1. 2. 1. 1. 1. 1. 1." | truth)" \
	"h5lmt: NaN, a flag and a skipped time stamp are gaps ($(cat "$TMP/err"))"
# bytes: rate x seconds of the present buckets (OST0000: 60 - 15 s)
is "$(bytes "$TMP/h.csv")" "OST0000 45 450;OST0001 120 1200;all 165 1650;" "h5lmt: the bytes of the present samples"

# an absurd rate (1e300 B/s): refused, naming the target and time
printf 'h5lmt 1 3\n0 5 10\n0 1 1e300\n0 1 1\n0 0 0\n' | "$TOP/t/unit/h5gen" "$TMP/bad.h5lmt"
$RUN fsload --format=csv "$TMP/bad.h5lmt" >/dev/null 2>"$TMP/err"
is "$? $(cat "$TMP/err")" "1 iolens fsload: cannot read '$TMP/bad.h5lmt': OST0000 at 5: 5e+300 bytes is no count of bytes" \
	"h5lmt: a rate of 1e300 B/s refused, naming the target and time"

# TOKIO: 10 s rows, the time stamp 40 skipped (row 30 covers 30-40,
# 40-50 has none); OST0000 NaN at rows 10 and 20, OST0001 at row 80
{
	echo "tokio 2 8"
	echo "0 10 20 30 50 60 70 80"
	echo "5 7  nan 7  nan 7  5 7  5 7  5 7  5 7  5 nan"
	echo "50 70  nan 70  50 70  50 70  50 70  50 70  50 70  50 nan"
} | "$TOP/t/unit/h5gen" "$TMP/g.hdf5"
$RUN fsload --format=csv "$TMP/g.hdf5" >"$TMP/k.csv" 2>"$TMP/err"
is "$(gaps "$TMP/k.csv")" \
	"$(printf '%s\n' "OST0000 10 1. 1x 1x 1. 1x 1. 1. 1. 1." "OST0001 10 1. 1. 1. 1. 1x 1. 1. 1. 1x" | truth)" \
	"TOKIO HDF5: NaN rows and a skipped time stamp are gaps ($(cat "$TMP/err"))"

done_testing
