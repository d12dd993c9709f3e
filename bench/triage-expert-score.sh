#!/bin/sh
# bench/triage-expert-score.sh: strict precision and recall of iolens
# triage against the expert's labels, t/data/triage-expert.tsv (issue 34).
#
#   sh bench/triage-expert-score.sh [LABELS]
#
# Over the logs the set covers (paths relative to ../shared):
#   precision    = warn/high findings labelled material / all warn/high
#                  findings (a finding labelled trivial or false, or not
#                  labelled at all, counts against);
#   recall       = material labels found at warn/high / all material labels
#                  (code NONE, "no material problem", is no label to find);
#   cause recall = root causes found / all root causes: the labeller wrote
#                  one root cause under two codes as two material labels, the
#                  second saying "same root cause as CODE" (or "same data as
#                  CODE") in its evidence; such a pair is one cause, found
#                  when either code fires at warn/high.
# Each log falls in half 0 or 1 by a fixed rule, the cksum of its path
# modulo 2: rules were first improved from half 0's disagreements only,
# half 1 held out; since the second round (t/data/triage-expert.md) both
# halves' disagreements have been used, and only logs never seen measure
# the rules.  Both halves are scored and printed on their own.
# Prints each finding that counts against ("FP code verdict log half") and
# each material label missed ("FN code material log half", "same cause
# found" when its cause was found under the other code), a line for each
# half and, last, the whole set:
#   half H: N logs, findings F, material M, tp T, precision P, recall R, causes C, found K, cause recall Q
#   expert: N logs (S skipped), findings F, material M, tp T, precision P, recall R, causes C, found K, cause recall Q
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
grep -v '^#' "$LABELS" | awk -F'\t' 'NF >= 3 { print $1 "\t" $2 "\t" $3 "\t" $5 }' >"$TMP/labels"
cut -f1 "$TMP/labels" | sort -u >"$TMP/logs"
: >"$TMP/got"
: >"$TMP/half"
: >"$TMP/found"
n=0 skipped=0
while IFS= read -r rel; do
	h=$(printf '%s' "$rel" | cksum | cut -d' ' -f1)
	printf '%s\t%d\n' "$rel" $((h % 2)) >>"$TMP/half"
	log=$SHARED/$rel
	if [ ! -f "$log" ]; then
		skipped=$((skipped + 1))
		echo "skip $rel: not found"
		continue
	fi
	n=$((n + 1))
	printf '%s\0' "$log" >>"$TMP/found"
done <"$TMP/logs"
# one iolens triage for all the logs (its TSV names each row's log, as
# given; the header's severity is neither): one a log, with an awk, was
# most of a round test's time
[ ! -s "$TMP/found" ] ||
	xargs -0 "$IOLENS" triage ${TRIAGE_ARGS:-} --format tsv <"$TMP/found" 2>/dev/null |
	awk -F'\t' -v p="$SHARED/" '$3 == "high" || $3 == "warn" {
		l = $1; if (index(l, p) == 1) l = substr(l, length(p) + 1); print l "\t" $2 }' >"$TMP/got"
awk -F'\t' -v sk="$skipped" -v n="$n" '
	FILENAME == ARGV[1] { half[$1] = $2; next }
	FILENAME == ARGV[2] {
		if ($2 == "NONE") next
		k = $1 "\t" $2; v[k] = $3
		if ($3 != "material") next
		# a label naming its twin code ("same root cause as X") has the cause of X
		c = k
		if (match($4, /same (root cause|data) as (the )?(IOL-)?[A-Z0-9]+(-[A-Z0-9]+)*/)) {
			t = substr($4, RSTART, RLENGTH); sub(/.* as (the )?(IOL-)?/, "", t)
			c = $1 "\tIOL-" t
		}
		cause[k] = c; next }
	{ F[half[$1]]++; F["all"]++
	  if (v[$0] == "material") { tp[half[$1]]++; tp["all"]++ }
	  else { split($0, a, "\t"); print "FP\t" a[2] "\t" (($0 in v) ? v[$0] : "unlabelled") "\t" a[1] "\t" half[a[1]] }
	  got[$0] = 1 }
	function line(h, lead) {
		p = F[h] ? tp[h] / F[h] : 1; r = M[h] ? tp[h] / M[h] : 1; q = C[h] ? K[h] / C[h] : 1
		printf "%s, findings %d, material %d, tp %d, precision %.3f, recall %.3f, causes %d, found %d, cause recall %.3f\n",
			lead, F[h], M[h], tp[h], p, r, C[h], K[h], q }
	END {
		for (k in cause) { split(k, a, "\t"); h = half[a[1]]
			M[h]++; M["all"]++
			if (k in got) found[cause[k]] = 1
			if (!(cause[k] in seen)) { seen[cause[k]] = h; C[h]++; C["all"]++ } }
		for (c in seen) if (c in found) { K[seen[c]]++; K["all"]++ }
		for (k in cause) if (!(k in got)) { split(k, a, "\t")
			print "FN\t" a[2] "\tmaterial\t" a[1] "\t" half[a[1]] ((cause[k] in found) ? "\tsame cause found" : "") }
		for (h = 0; h < 2; h++) { m = 0; for (l in half) if (half[l] == h) m++
			line(h, sprintf("half %d: %d logs", h, m)) }
		line("all", sprintf("expert: %d logs (%d skipped)", n, sk)) }' "$TMP/half" "$TMP/labels" "$TMP/got"
