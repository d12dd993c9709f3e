#!/bin/sh
# IOL-REDUNDANT's fill rewrites moved from IOL-SMALL-REQ's MPI-IO time
# (red_fill_of_small(), issue 34, round 52) when REDUNDANT's stake is a
# rank's own DXT re-read time (red_stake(): structural re-reads, DXT,
# two ranks or more).  That stake holds no rewrites, yet the move took
# their POSIX seconds off what it added: SMALL-REQ gave 2.450 s and
# REDUNDANT gained 1.964 s, 0.486 s told nowhere.  r52-h5p-ext-small's
# stored row (t/unit/jobrow-dump) with 4 GB of re-reads added, read in
# 2 s, and DXT's inputs (t/unit/triage-row sets them): one time moved
# is the same time, 0.8 s of own re-reads plus the 2.450 s.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/unit/jobrow-dump U=$TOP/t/unit/triage-row
LOG=$TOP/t/data/triage-round52/r52-h5p-ext-small.darshan
[ -x "$D" ] && [ -x "$U" ] || skip_all "t/unit/jobrow-dump or triage-row is not built"
"$D" "$LOG" >"$TMP/row"
is "$?" 0 "jobrow-dump reads the log"
RR="bytes_read=4000000000 redundant_bytes=4838860896 read_time_by_slowest=2"
DXT="redundant_dxt_time=0.8 redundant_dxt_bytes=4000000000 redundant_dxt_shared_bytes=0"
stakes() {	# the stakes of REDUNDANT and SMALL-REQ
	awk -F'\t' '$1 == "IOL-REDUNDANT" { r = $3 } $1 == "IOL-SMALL-REQ" { s = $3 }
		END { print r, s }' "$1"
}
# shellcheck disable=SC2086
"$U" <"$TMP/row" >"$TMP/plain"
is "$(stakes "$TMP/plain")" "2.450 1.363" "the row as stored: 2.450 s moved to REDUNDANT"
# shellcheck disable=SC2086
"$U" $RR <"$TMP/row" >"$TMP/cnt"
is "$(stakes "$TMP/cnt")" "4.450 1.179" "counters' re-reads: 2 s of them and the 2.450 s"
# shellcheck disable=SC2086
"$U" $RR $DXT <"$TMP/row" >"$TMP/dxt"
is "$(stakes "$TMP/dxt")" "3.250 1.179" "a rank's own re-reads: 0.8 s and the 2.450 s"
grep -q "moved here" "$TMP/dxt"
ok $? "REDUNDANT's detail says the time moved"
done_testing
