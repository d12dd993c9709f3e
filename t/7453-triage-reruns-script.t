#!/bin/sh
# bench/triage-reruns.sh (issue 34: the same verdict for the same job):
# for every labelled program of a round with reruns, its first run's
# verdict (warn/high codes), each rerun's, "same" or "DIFF", and the
# totals.  A small fixture round of copies of two logs whose verdicts
# differ, named in the rounds' schemes (NAME-abK, NAME-K, abK-NAME,
# labelsRR-abK-NAME, a twin's tw-NAME), with a cut log and a text file
# that are no reruns, and a round without reruns/.  The truth: a copy of
# the first run is "same", a copy of the other log "DIFF".
. "$(dirname "$0")/lib.sh"

A=$TOP/t/data/triage-round4/r4-rank0-io.darshan
B=$TOP/t/data/triage-round38/r38-strag-nofsync.darshan
verdict() {
	v=$($RUN triage --format tsv "$1" 2>/dev/null |
		awk -F'\t' '$3 == "warn" || $3 == "high" { print $2 }' | sort -u | tr '\n' ' ' | sed 's/ $//')
	echo "${v:--}"
}
va=$(verdict "$A")
vb=$(verdict "$B")
ok "$( [ "$va" != "$vb" ]; echo $?)" "the two logs' verdicts differ ($va; $vb)"

R=$TMP/rounds/triage-round90
mkdir -p "$R/reruns" "$TMP/rounds/triage-round91"
cp "$A" "$R/r90-alpha.darshan"
cp "$A" "$R/reruns/r90-alpha-ab1.darshan"
cp "$B" "$R/reruns/r90-ab2-alpha.darshan"
cp "$A" "$R/reruns/r90-alpha-3.darshan"
cp "$B" "$R/r90-beta.darshan"
cp "$B" "$R/reruns/r90-labels90-ab1-beta.darshan"
cp "$A" "$R/reruns/r90-tw-gamma.darshan"
cp "$B" "$R/reruns/r90-ab1-gamma.darshan"
cp "$A" "$R/reruns/r90-cut.darshan"
echo "not a log" >"$R/reruns/notes.out"
cp "$A" "$TMP/rounds/triage-round91/r91-alpha.darshan"

IOLENS=$IOLENS sh "$TOP/bench/triage-reruns.sh" "$R/" "$TMP/rounds/triage-round91/" >"$TMP/out" 2>"$TMP/err"
is $? 0 "the script runs"
is "$(cat "$TMP/err")" "" "nothing on stderr"
row() { # program run-file: "state kind verdict"
	awk -F'\t' -v p="$1" -v f="$2" '$2 == p && $6 ~ ("/" f "$") { print $3 "|" $4 "|" $5 }' "$TMP/out"
}
is "$(row alpha r90-alpha.darshan)" "first|labelled|$va" "alpha: the labelled log is the first run"
is "$(row alpha r90-alpha-ab1.darshan)" "same|labelled|$va" "alpha: NAME-abK, a copy: same"
is "$(row alpha r90-ab2-alpha.darshan)" "DIFF|labelled|$vb" "alpha: abK-NAME, the other log: DIFF"
is "$(row alpha r90-alpha-3.darshan)" "same|labelled|$va" "alpha: NAME-K, a copy: same"
is "$(row beta r90-labels90-ab1-beta.darshan)" "same|labelled|$vb" "beta: labelsRR-abK-NAME: same"
is "$(row gamma r90-tw-gamma.darshan)" "first|twin|$va" "gamma: no labelled log, its tw- run is the first"
is "$(row gamma r90-ab1-gamma.darshan)" "DIFF|twin|$vb" "gamma: the twin's rerun: DIFF"
is "$(grep -c -e cut -e notes "$TMP/out")" 0 "a cut log alone and a text file are no runs"
is "$(grep -c r91 "$TMP/out")" 0 "a round without reruns/ is left out"
is "$(grep -c '	' "$TMP/out")" 8 "8 run lines"
grep -qx 'r90 reruns: 3 of 4' "$TMP/out"
ok $? "the round's line: 3 of 4"
grep -qx 'r90 twin reruns: 0 of 1' "$TMP/out"
ok $? "the round's twins: 0 of 1"
grep -qx "reruns: 3 of 4 reruns (75.0 %) get their labelled first run's verdict" "$TMP/out"
ok $? "the total: 3 of 4, 75.0 %"
# the population's measure: alpha's runs A A B A share their most common
# verdict 3 of 4, beta's B B 2 of 2; the twin gamma's A B 1 of 2
grep -qx "modal, labelled programs: 5 of 6 runs (83.3 %) share their program's most common verdict" "$TMP/out"
ok $? "modal, labelled: 5 of 6"
grep -qx "modal, twin programs: 1 of 2 runs (50.0 %) share their program's most common verdict" "$TMP/out"
ok $? "modal, twins: 1 of 2"
done_testing
