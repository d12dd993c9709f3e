#!/bin/sh
# bench/triage-stability.sh: does triage give identical reruns of one
# configuration the same verdict (issue 34)?
#
#   sh bench/triage-stability.sh [MANIFEST]
#
# The population manifest (../shared/corpus/population/manifest.tsv)
# names each log's config; every config's runs have identical parameters.
# A log's verdict is the sorted set of codes triage gives at warn or
# high.  Per config: the runs whose verdict is the config's most common
# one; then one line over all configs, and one over the configs of at
# least 3 runs (a config of 2 runs has no majority to flip from):
#   stability: S of N runs (P %) share their config's modal verdict
#   stability, configs of >= 3 runs: S of N runs (P %) in C configs
# Environment: IOLENS (binary, default bin/iolens), TRIAGE_ARGS.
set -u
export LC_ALL=C TZ=UTC
TOP=$(cd "$(dirname "$0")/.." && pwd)
IOLENS=${IOLENS:-$TOP/bin/iolens}
M=${1:-$TOP/../shared/corpus/population/manifest.tsv}
D=$(dirname "$M")/logs
TMP=$(mktemp -d "${TMPDIR:-/tmp}/iolens-stab.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT
awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	{ print $c["config"] "\t" $c["log_file"] }' "$M" >"$TMP/runs"
while IFS='	' read -r cfg log; do
	v=$("$IOLENS" triage ${TRIAGE_ARGS:-} --format tsv "$D/$log" 2>/dev/null |
		awk -F'\t' '$3 == "high" || $3 == "warn" { print $2 }' |
		sort | tr '\n' ' ')
	printf '%s\t%s\t%s\n' "$cfg" "${v:--}" "$log"
done <"$TMP/runs" >"$TMP/verdicts"
awk -F'\t' '{ n[$1]++; k[$1 SUBSEP $2]++ }
	END { for (x in k) { split(x, a, SUBSEP); if (k[x] > best[a[1]]) { best[a[1]] = k[x]; v[a[1]] = a[2] } }
	for (c in n) { printf "%s\t%d of %d\t%s\n", c, best[c], n[c], v[c]; S += best[c]; N += n[c] }
	printf "stability: %d of %d runs (%.1f %%) share their config'"'"'s modal verdict\n", S, N, 100 * S / N
	for (c in n) if (n[c] >= 3) { S3 += best[c]; N3 += n[c]; C3++ }
	printf "stability, configs of >= 3 runs: %d of %d runs (%.1f %%) in %d configs\n", S3, N3, N3 ? 100 * S3 / N3 : 100, C3 }' \
	"$TMP/verdicts" | sort
if [ -n "${VERBOSE:-}" ]; then cat "$TMP/verdicts"; fi
