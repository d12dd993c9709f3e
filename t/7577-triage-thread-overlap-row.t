#!/bin/sh
# The stakes of threads doing I/O at once, from stored rows (issue 34,
# round 73; t/7576 has the logs).  A store keeps no DXT segments: the
# overlap DXT shows (io_overlap_dxt, the log only) is absent, and a
# rank's summed I/O time past its run is scaled to the run only where
# no record is shared (a shared record's time is its ranks' added).
# r73-stepfile's row (35.140 s of I/O a rank in an 11.737 s run, no
# shared record): META-BOUND 29.044 s scaled to 9.701 s, and to 0.2 of
# it (5.809 s) when io_overlap_dxt says 0.2.  r62-couple4k's row (11.1 s
# "a rank" in a 6.48 s run, in shared exchange records): SMALL-REQ keeps
# its 5.426 s, scaled only when the row is told no record is shared.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/unit/jobrow-dump U=$TOP/t/unit/triage-row
[ -x "$D" ] && [ -x "$U" ] || skip_all "t/unit/jobrow-dump or triage-row is not built"
stake() { # code: its severity and stake in triage-row's output on stdin
	awk -F'\t' -v c="$1" '$1 == c { print $2, $3 }'
}
"$D" "$TOP/t/data/triage-round73/r73-stepfile.darshan" >"$TMP/sf"
is "$?" 0 "jobrow-dump reads stepfile"
grep -q '^io_overlap_dxt' "$TMP/sf"
is "$?" 1 "a stored row has no io_overlap_dxt"
is "$("$U" <"$TMP/sf" | stake IOL-META-BOUND)" "high 9.701" \
	"stepfile's row: META-BOUND scaled to the run"
"$U" <"$TMP/sf" | grep -q 'wall 11.737 of 35.140 s summed'
ok $? "stepfile's row: the detail says what was scaled"
is "$("$U" io_overlap_dxt=0.2 <"$TMP/sf" | stake IOL-META-BOUND)" "high 5.809" \
	"stepfile's row with DXT's overlap 0.2: a fifth of the stake"
is "$("$U" io_overlap_dxt=1 <"$TMP/sf" | stake IOL-META-BOUND)" "high 9.701" \
	"stepfile's row with no DXT overlap: still never past the run"
"$D" "$TOP/t/data/triage-round62/r62-couple4k.darshan" >"$TMP/c4"
is "$?" 0 "jobrow-dump reads couple4k"
is "$("$U" <"$TMP/c4" | stake IOL-SMALL-REQ)" "warn 5.426" \
	"couple4k's row: shared records' summed time is not scaled"
is "$("$U" shared_records=0 <"$TMP/c4" | stake IOL-SMALL-REQ)" "warn 3.159" \
	"couple4k's row told no record is shared: scaled to the run"
done_testing
