#!/bin/sh
# bench/triage-expert-score.sh: strict precision and recall of iolens
# triage against the expert's labels, t/data/triage-expert.tsv (issue 34).
#
#   sh bench/triage-expert-score.sh [LABELS]
#
# Over the logs the set covers (paths relative to ../shared):
#   precision = warn/high findings labelled material / all warn/high
#               findings (a finding labelled trivial or false, or not
#               labelled at all, counts against);
#   recall    = material labels found at warn/high / all material labels
#               (code NONE, "no material problem", is no label to find).
# Prints each finding that counts against ("FP code verdict log") and
# each material label missed ("FN"), then one line:
#   expert: N logs (S skipped), findings F, material M, tp T, precision P, recall R
# Environment: IOLENS (binary, default bin/iolens), SHARED (../shared),
# TRIAGE_ARGS (more arguments to iolens triage).
set -u
export LC_ALL=C TZ=UTC
TOP=$(cd "$(dirname "$0")/.." && pwd)
IOLENS=${IOLENS:-$TOP/bin/iolens}
SHARED=${SHARED:-$TOP/../shared}
LABELS=${1:-$TOP/t/data/triage-expert.tsv}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/iolens-expert.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT
grep -v '^#' "$LABELS" | awk -F'\t' 'NF >= 3 { print $1 "\t" $2 "\t" $3 }' >"$TMP/labels"
cut -f1 "$TMP/labels" | sort -u >"$TMP/logs"
: >"$TMP/got"
n=0 skipped=0
while IFS= read -r rel; do
	log=$SHARED/$rel
	if [ ! -f "$log" ]; then
		skipped=$((skipped + 1))
		echo "skip $rel: not found"
		continue
	fi
	n=$((n + 1))
	"$IOLENS" triage ${TRIAGE_ARGS:-} --format tsv "$log" 2>/dev/null |
		awk -F'\t' -v l="$rel" '$3 == "high" || $3 == "warn" { print l "\t" $2 }' >>"$TMP/got"
done <"$TMP/logs"
awk -F'\t' -v sk="$skipped" -v n="$n" '
	FILENAME == ARGV[1] { if ($2 != "NONE") v[$1 "\t" $2] = $3; next }
	{ got[$0] = 1; F++
	  if (v[$0] == "material") tp++
	  else { split($0, a, "\t"); print "FP\t" a[2] "\t" (($0 in v) ? v[$0] : "unlabelled") "\t" a[1] } }
	END {
		for (k in v) if (v[k] == "material") { M++
			if (!(k in got)) { split(k, a, "\t"); print "FN\t" a[2] "\tmaterial\t" a[1] } }
		p = F ? tp / F : 1; r = M ? tp / M : 1
		printf "expert: %d logs (%d skipped), findings %d, material %d, tp %d, precision %.3f, recall %.3f\n",
			n, sk, F, M, tp, p, r }' "$TMP/labels" "$TMP/got"
