#!/bin/sh
# bench/triage-score.sh: precision and recall of iolens triage against the
# labelled set t/data/triage-labels.tsv (issue 22).
#
#   sh bench/triage-score.sh [LABELS]
#
# For each labelled log, the codes iolens gives at warn or high are
# compared with the codes expected there: a code both give is a true
# positive, one only iolens gives a false positive, one only the label
# gives a false negative.  Prints each disagreement ("FP"/"FN" lines),
# then one line:
#   triage: N logs (S skipped), tp T, fp F, fn M, precision P, recall R
# Logs under shared/ (../shared) are skipped, with the reason, when that
# directory is absent; sample-logs/ ones always run.
# Environment: IOLENS (binary, default bin/iolens), SHARED (../shared),
# TRIAGE_ARGS (more arguments to iolens triage, e.g. --config FILE).
set -u
export LC_ALL=C TZ=UTC
TOP=$(cd "$(dirname "$0")/.." && pwd)
IOLENS=${IOLENS:-$TOP/bin/iolens}
SHARED=${SHARED:-$TOP/../shared}
LABELS=${1:-$TOP/t/data/triage-labels.tsv}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/iolens-score.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT
: >"$TMP/got"
n=0 skipped=0
grep -v '^#' "$LABELS" | cut -f1 >"$TMP/logs"
while IFS= read -r rel; do
	case $rel in
	shared/*) log=$SHARED/${rel#shared/} ;;
	*) log=$TOP/$rel ;;
	esac
	if [ ! -f "$log" ]; then
		skipped=$((skipped + 1))
		echo "skip $rel: not found (no ../shared in a lone clone)"
		continue
	fi
	n=$((n + 1))
	"$IOLENS" triage ${TRIAGE_ARGS:-} --format tsv "$log" 2>/dev/null |
		awk -F'\t' -v l="$rel" '$3 == "high" || $3 == "warn" { print l "\t" $2 }' >>"$TMP/got"
done <"$TMP/logs"
grep -v '^#' "$LABELS" | awk -F'\t' '{ n = split($2, c, " ")
	for (i = 1; i <= n; i++) if (c[i] != "-") print $1 "\t" c[i] }' |
	sort -u >"$TMP/want"
sort -u "$TMP/got" >"$TMP/got.s"
if [ "$skipped" -gt 0 ]; then
	grep -v '^#' "$LABELS" | cut -f1 | while IFS= read -r rel; do
		case $rel in shared/*) [ -f "$SHARED/${rel#shared/}" ] || echo "$rel" ;; esac
	done >"$TMP/gone"
	awk -F'\t' 'NR == FNR { g[$1] = 1; next } !($1 in g)' "$TMP/gone" "$TMP/want" >"$TMP/w2"
	mv "$TMP/w2" "$TMP/want"
fi
comm -13 "$TMP/want" "$TMP/got.s" | sed 's/^/FP\t/'
comm -23 "$TMP/want" "$TMP/got.s" | sed 's/^/FN\t/'
tp=$(comm -12 "$TMP/want" "$TMP/got.s" | wc -l)
fp=$(comm -13 "$TMP/want" "$TMP/got.s" | wc -l)
fn=$(comm -23 "$TMP/want" "$TMP/got.s" | wc -l)
awk -v n="$n" -v s="$skipped" -v tp="$tp" -v fp="$fp" -v fn="$fn" 'BEGIN {
	p = tp + fp > 0 ? tp / (tp + fp) : 1; r = tp + fn > 0 ? tp / (tp + fn) : 1
	printf "triage: %d logs (%d skipped), tp %d, fp %d, fn %d, precision %.3f, recall %.3f\n", n, s, tp, fp, fn, p, r }'
