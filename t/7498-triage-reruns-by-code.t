#!/bin/sh
# bench/triage-reruns.sh's last lines (issue 34): which codes the reruns
# that differ from their first run flip, so that each rule's owner reads
# the flips of the rules he owns and not a whole verdict's (the flips of
# round 14's msync-each are IO-TIME's, its FSYNC a finding in every run).
# A fixture round of copies of two logs whose verdicts differ: program
# alpha's first run is A, a rerun a copy of A (same, no flip) and two
# copies of B (each flips every code in one verdict only); twin gamma's
# first run is B, its rerun A (the same codes, the other way round).
# The truth is the two verdicts' codes: those in one only, counted 2 in
# the labelled reruns and 1 in the twins'.
. "$(dirname "$0")/lib.sh"

A=$TOP/t/data/triage-round4/r4-rank0-io.darshan
B=$TOP/t/data/triage-round38/r38-strag-nofsync.darshan
codes() { # the warn and high codes of a log, one a line, sorted
	$RUN triage --format tsv "$1" 2>/dev/null |
		awk -F'\t' '$3 == "warn" || $3 == "high" { print $2 }' | sort -u
}
codes "$A" >"$TMP/a"
codes "$B" >"$TMP/b"
comm -3 "$TMP/a" "$TMP/b" | tr -d '\t' >"$TMP/flip"
ok "$([ -s "$TMP/flip" ]; echo $?)" "the two logs' verdicts differ in $(wc -l <"$TMP/flip") codes"
line() { # the expected "KIND by code:" line, each flipped code counted N
	printf '%s by code:' "$1"
	sep=' '
	while read -r c; do
		printf '%s%s %s' "$sep" "$c" "$2"
		sep=', '
	done <"$TMP/flip"
	echo
}

R=$TMP/rounds/triage-round90
mkdir -p "$R/reruns"
cp "$A" "$R/r90-alpha.darshan"
cp "$A" "$R/reruns/r90-alpha-ab1.darshan"
cp "$B" "$R/reruns/r90-alpha-ab2.darshan"
cp "$B" "$R/reruns/r90-ab3-alpha.darshan"
cp "$B" "$R/reruns/r90-tw-gamma.darshan"
cp "$A" "$R/reruns/r90-ab1-gamma.darshan"

IOLENS=$IOLENS sh "$TOP/bench/triage-reruns.sh" "$R/" >"$TMP/out" 2>"$TMP/err"
is $? 0 "the script runs"
is "$(cat "$TMP/err")" "" "nothing on stderr"
grep -qx 'reruns: 1 of 3 reruns (33.3 %) get their labelled first run.s verdict' "$TMP/out"
ok $? "the total: 1 of 3"
is "$(grep '^reruns by code:' "$TMP/out")" "$(line reruns 2)" \
	"labelled reruns: each code in one verdict only, flipped by both copies of B"
is "$(grep '^twin reruns by code:' "$TMP/out")" "$(line 'twin reruns' 1)" \
	"twin reruns: the same codes, once, appearing where they vanished above"
is "$(grep -c 'by code:' "$TMP/out")" 2 "one line each, last"
is "$(tail -n 2 "$TMP/out" | grep -c 'by code:')" 2 "after the totals"

# no rerun differs: no by-code line
rm "$R/reruns/r90-alpha-ab2.darshan" "$R/reruns/r90-ab3-alpha.darshan" \
	"$R/reruns/r90-ab1-gamma.darshan"
IOLENS=$IOLENS sh "$TOP/bench/triage-reruns.sh" "$R/" >"$TMP/out" 2>"$TMP/err"
is "$?:$(cat "$TMP/err")" "0:" "the script runs without a flip"
is "$(grep -c 'by code:' "$TMP/out")" 0 "no flip, no by-code line"
done_testing
