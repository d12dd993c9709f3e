# t/triage-score.sh: the scoring of triage against an independent label
# file, shared by the t/73xx expert tests (sourced after t/lib.sh).
#   triage_score LABELS  runs bench/triage-expert-score.sh, prints every
#       disagreement and the score line, sets $line to it and $TMP/score
#       to the whole output, and tests that every labelled log was found
#   num LINE NAME        the number after "NAME " in a score line
#   ge VALUE FLOOR DESC  a test that VALUE >= FLOOR
#   verdicts LOG...      each log's warn and high codes, one line a log,
#       into $TMP/verdicts
#   same_verdict LABELS CONFIG...  reruns of each config, one verdict
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
verdicts() {
	: >"$TMP/verdicts"
	for _f in "$@"; do
		"$IOLENS" triage ${TRIAGE_ARGS:-} --format tsv "$_f" 2>/dev/null |
			awk -F'\t' '$3 == "high" || $3 == "warn" { print $2 }' | sort | tr '\n' ' ' >>"$TMP/verdicts"
		echo >>"$TMP/verdicts"
	done
}
# same_verdict LABELS CONFIG...: for each population config, its reruns
#   among LABELS' logs (three, each; at least $SAME_MIN when set) get one
#   verdict: the same warn and high codes
same_verdict() {
	_labels=$1
	shift
	for c in "$@"; do
		awk -F'\t' -v c="$c" '$8 == c { print $2 }' "$SHARED/corpus/population/manifest.tsv" |
			grep -xF "$(grep -v '^#' "$_labels" | cut -f1 | sed 's|.*/||' | sort -u)" >"$TMP/runs"
		verdicts $(sed "s|^|$SHARED/corpus/population/logs/|" "$TMP/runs")
		runs=$(wc -l <"$TMP/runs")
		kinds=$(sort -u "$TMP/verdicts" | wc -l)
		diag "$c: $runs reruns, findings: $(sort -u "$TMP/verdicts" | sed 's/^$/none/' | tr '\n' ';')"
		if [ -n "${SAME_MIN:-}" ]; then
			enough=$([ "$runs" -ge "$SAME_MIN" ] && echo 1)
		else
			enough=$([ "$runs" -eq 3 ] && echo 1)
		fi
		ok "$([ -n "$enough" ] && [ "$kinds" -eq 1 ] && echo 0 || echo 1)" "$c: $runs labelled reruns get one verdict"
	done
}
