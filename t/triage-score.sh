# t/triage-score.sh: the scoring of triage against an independent label
# file, shared by t/7306, t/7310 and t/7312 (sourced after t/lib.sh).
#   triage_score LABELS  runs bench/triage-expert-score.sh, prints every
#       disagreement and the score line, sets $line to it and $TMP/score
#       to the whole output, and tests that every labelled log was found
#   num LINE NAME        the number after "NAME " in a score line
#   ge VALUE FLOOR DESC  a test that VALUE >= FLOOR
triage_score() {
	IOLENS=$IOLENS SHARED=$SHARED sh "$TOP/bench/triage-expert-score.sh" "$1" >"$TMP/score"
	grep '^FP\|^FN\|^skip\|^half' "$TMP/score" | sed 's/^/# /'
	line=$(tail -1 "$TMP/score")
	echo "# $line"
	is "$(echo "$line" | sed 's/.*(\([0-9]*\) skipped).*/\1/')" 0 "every labelled log found"
}
num() {
	echo "$1" | sed "s/.*, $2 \([0-9.]*\).*/\1/"
}
ge() {
	ok "$(awk -v v="$1" -v f="$2" 'BEGIN { exit !(v >= f) }'; echo $?)" "$3 $1 >= $2"
}
