#!/bin/sh
# bench/triage-rounds.sh (issue 34): every labelled round scored at once,
# each round's line as bench/triage-expert-score.sh prints it and the
# totals summed from them.  Rounds 39 and 40 are our own logs (t/data):
# the script's line per round must be the score script's own, and the
# totals their sums; a round without labels is said on stderr.
. "$(dirname "$0")/lib.sh"

IOLENS=$IOLENS sh "$TOP/bench/triage-rounds.sh" 39 40 99999 >"$TMP/out" 2>"$TMP/err"
is $? 0 "the script runs"
is "$(cat "$TMP/err")" "triage-rounds: no labels for round 99999" "a round without labels is said"
for r in 39 40; do
	want=$(IOLENS=$IOLENS SHARED=$TOP sh "$TOP/bench/triage-expert-score.sh" \
		"$TOP/t/data/triage-expert$r.tsv" | grep '^expert')
	is "$(grep "^r$r " "$TMP/out")" "r$r $want" "round $r: the score script's own line"
done
sum=$(awk '$2 == "expert:" { for (i = 3; i <= NF; i++) { v = $(i + 1); sub(/,$/, "", v)
		if ($i == "findings") f += v; if ($i == "tp") t += v; if ($i == "causes") c += v
		if ($i == "found") k += v } }
	END { printf "findings %d, tp %d, strict precision %.3f, causes %d, found %d", f, t, t / f, c, k }' "$TMP/out")
last=$(tail -1 "$TMP/out")
case $last in
"rounds: 2, $sum, cause recall "*", skipped 0") r=0 ;;
*) r=1; diag "got: $last" ;;
esac
ok $r "the totals are the rounds' sums ($sum)"
done_testing
