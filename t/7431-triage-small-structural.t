#!/bin/sh
# IOL-SMALL-REQ's structural clause (most calls under 10 KiB: a pattern
# that costs its share of the run even in a short job) holds only for
# calls that cost that share (issue 34, round 21): shane_macsio's 7692
# independent MPI-IO writes of 192 B took ~0.005 s a rank in POSIX,
# while its 0.87 s a rank in MPI-IO is the 64 collective calls of
# 184512 B; main passed its 0.811 s stake, under the 1 s floor, as
# structural (SMALL-REQ labelled trivial).  The job is built in memory
# (t/unit/small-tiny: no writer of ours writes an MPI-IO module).  Tiny
# collective calls merged by collective buffering keep the clause: their
# rounds are the cost (r13-coll-il4k, labelled material).
. "$(dirname "$0")/lib.sh"
col() { # code column, of the rows in $TMP/t.tsv
	awk -F'\t' -v c="$1" -v k="$2" '$1 == c { print $k }' "$TMP/t.tsv"
}
"$TOP/t/unit/small-tiny" >"$TMP/t.tsv"
ok $? "small-tiny: the MACSio-shaped job triaged"
is "$(col IOL-SMALL-REQ 2)" info \
	"independent 192-byte calls, 0.008 s a rank in POSIX: SMALL-REQ not warned (main: warn)"
col IOL-SMALL-REQ 4 | grep -q "below the impact floor: under min_stake_s"
ok $? "judged by the absolute floor: $(col IOL-SMALL-REQ 3) s under min_stake_s"
"$TOP/t/unit/small-tiny" merged >"$TMP/t.tsv"
ok $? "small-tiny merged: tiny collective calls, 64 KiB POSIX writes"
is "$(col IOL-SMALL-REQ 2)" warn "merged tiny collective calls: still structural, warn"
done_testing
