#!/bin/sh
# iolens triage against an independent expert's labels (issue 34):
# t/data/triage-expert.tsv, judged from raw counters with the issue's
# definition of material by a labeller who had not read the rules.
# Strict precision: warn/high findings labelled material over all
# warn/high findings on the logs the set covers (trivial, false and
# unlabelled ones count against); recall: material labels found at
# warn/high over all material labels.  The goal is 0.9 for both.  The logs
# live in ../shared: without it the test is skipped.
. "$(dirname "$0")/lib.sh"
need_shared
L=$TOP/t/data/triage-expert.tsv
n=$(grep -v '^#' "$L" | cut -f1 | sort -u | wc -l)
ok "$([ "$n" -ge 100 ] && echo 0 || echo 1)" "$n labelled logs"
IOLENS=$IOLENS SHARED=$SHARED sh "$TOP/bench/triage-expert-score.sh" "$L" >"$TMP/score"
line=$(tail -1 "$TMP/score")
echo "# $line"
grep '^FP\|^FN\|^skip' "$TMP/score" | sed 's/^/# /'
p=$(echo "$line" | sed 's/.*precision \([0-9.]*\).*/\1/')
r=$(echo "$line" | sed 's/.*recall \([0-9.]*\).*/\1/')
s=$(echo "$line" | sed 's/.*(\([0-9]*\) skipped).*/\1/')
is "$s" 0 "every labelled log found"
# Where the rules stand: no change may lose what is reached (0.886 and
# 0.861 when the set was made) ...
ok "$(awk -v p="$p" 'BEGIN { exit !(p >= 0.88) }'; echo $?)" "strict precision $p >= 0.88 (reached)"
ok "$(awk -v r="$r" 'BEGIN { exit !(r >= 0.86) }'; echo $?)" "recall $r >= 0.86 (reached)"
# ... and the issue's goal, not met yet: TAP TODO, so the suite says so
# without failing (prove reports it as passing once it is met)
todo() {	# todo <status> <description>
	_n=$((_n + 1))
	if [ "$1" -eq 0 ]; then echo "ok $_n - $2 # TODO goal"; else echo "not ok $_n - $2 # TODO goal"; fi
}
todo "$(awk -v p="$p" 'BEGIN { exit !(p >= 0.9) }'; echo $?)" "strict precision $p >= 0.9"
todo "$(awk -v r="$r" 'BEGIN { exit !(r >= 0.9) }'; echo $?)" "recall $r >= 0.9"
done_testing
