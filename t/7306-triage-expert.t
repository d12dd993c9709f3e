#!/bin/sh
# iolens triage against an independent expert's labels (issue 34):
# t/data/triage-expert.tsv, judged from raw counters with the issue's
# definition of material by a labeller who had not read the rules.
# Strict precision: warn/high findings labelled material over all
# warn/high findings on the logs the set covers (trivial, false and
# unlabelled ones count against); recall: material labels found at
# warn/high over all material labels.  Both must reach 0.9.  The logs
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
ok "$(awk -v p="$p" 'BEGIN { exit !(p >= 0.9) }'; echo $?)" "strict precision $p >= 0.9"
ok "$(awk -v r="$r" 'BEGIN { exit !(r >= 0.9) }'; echo $?)" "recall $r >= 0.9"
done_testing
