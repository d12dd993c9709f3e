#!/bin/sh
# bench/triage-reruns.sh: do the reruns of a labelled program get the
# verdict of its first run (issue 34)?
#
#   sh bench/triage-reruns.sh [ROUNDDIR...]
#
# Default: every t/data/triage-round*/ that has a reruns/ directory.  A
# verdict is the sorted warn/high codes of `iolens triage --format tsv`
# (as in bench/triage-stability.sh).  A rerun's program is its name less
# the rerun tag the rounds use: rR-NAME-N, rR-NAME-abK, -abcK, -abKK,
# rR-abK-NAME, rR-agK-NAME, rR-rrK-NAME, rR-tw-NAME, rR-labelsRR-abK-NAME,
# rR-labelsRR-abKxK-NAME.  Its first run is ROUNDDIR/rR-NAME.darshan, the
# labelled log; a program without one (a twin, unlabelled) takes its
# first rerun in name order as first run and is counted apart.  Other
# files in reruns/ (cut logs, text) are not runs.  Prints a line per run:
#   ROUND PROGRAM first|rerun same|DIFF VERDICT FILE
# then per round and overall:
#   reruns: S of N reruns (P %) get their labelled first run's verdict
#   twin reruns: S of N ...
# then the population's measure over the same runs (first run and
# reruns against their program's most common verdict):
#   modal, labelled programs: S of N runs (P %) share ...
#   modal, twin programs: ...
# and, last, which codes the reruns that differ flip (a code in one of
# the two verdicts only), each with the number of reruns it flips in,
# most first (a rerun may flip several):
#   reruns by code: CODE N, CODE N, ...
#   twin reruns by code: ...
# Environment: IOLENS (binary, default bin/iolens), TRIAGE_ARGS.
set -u
export LC_ALL=C TZ=UTC
TOP=$(cd "$(dirname "$0")/.." && pwd)
IOLENS=${IOLENS:-$TOP/bin/iolens}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/iolens-reruns.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT
[ $# -gt 0 ] || set -- "$TOP"/t/data/triage-round*/

verdict() {
	v=$("$IOLENS" triage ${TRIAGE_ARGS:-} --format tsv "$1" 2>/dev/null |
		awk -F'\t' '$3 == "high" || $3 == "warn" { print $2 }' |
		sort -u | tr '\n' ' ' | sed 's/ $//')
	printf '%s' "${v:--}"
}

# program NAME of rerun base B in round R (prefix rR-), or nothing
program() {
	echo "$1" | sed -n -E \
		-e "s/^$2-(ab[0-9]+|ag[0-9]+|rr[0-9]+|tw|labels[0-9]+-ab[0-9]+(x[0-9]+)?)-(.+)$/\\3/p;t" \
		-e "s/^$2-(.+)-(ab[0-9]+|abc[0-9]+|[0-9])$/\\1/p;t" \
		-e "s/^$2-(.+)$/\\1/p"
}

for d in "$@"; do
	d=${d%/}
	[ -d "$d/reruns" ] || continue
	r=$(basename "$d" | sed 's/^triage-round/r/')
	for f in "$d"/reruns/*.darshan; do
		[ -f "$f" ] || continue
		b=$(basename "$f" .darshan)
		p=$(program "$b" "$r")
		[ -n "$p" ] || continue
		printf '%s\t%s\t%s\n' "$r" "$p" "$f"
	done | sort -t '	' -k2,2 -k3,3 >"$TMP/runs"
	cut -f2 "$TMP/runs" | uniq | while read -r p; do
		first="$d/$r-$p.darshan"
		kind=labelled
		[ "$(awk -F'\t' -v p="$p" '$2 == p' "$TMP/runs" | wc -l)" -gt 1 ] ||
			[ -f "$first" ] || continue
		if [ ! -f "$first" ]; then
			# an unlabelled twin: its untagged or tw- run (the labelled
			# pass's) if kept, else its first rerun by name
			kind=twin
			first=$(awk -F'\t' -v p="$p" -v r="$r" '$2 == p { n = $3; sub(/.*\//, "", n)
				if (n == r "-" p ".darshan" || n == r "-tw-" p ".darshan") { print $3; exit } }' "$TMP/runs")
			[ -n "$first" ] ||
				first=$(awk -F'\t' -v p="$p" '$2 == p { print $3; exit }' "$TMP/runs")
		fi
		fv=$(verdict "$first")
		printf '%s\t%s\tfirst\t%s\t%s\t%s\n' "$r" "$p" "$kind" "$fv" "${first#"$TOP"/}"
		awk -F'\t' -v p="$p" -v f="$first" '$2 == p && $3 != f { print $3 }' "$TMP/runs" |
			while read -r x; do
				v=$(verdict "$x")
				s=same
				[ "$v" = "$fv" ] || s=DIFF
				printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$r" "$p" "$s" "$kind" "$v" "${x#"$TOP"/}"
			done
	done
done >"$TMP/out"
cat "$TMP/out"
awk -F'\t' '$3 != "first" { k = ($4 == "twin") ? "twin reruns" : "reruns"
		n[$1, k]++; N[k]++; if ($3 == "same") { s[$1, k]++; S[k]++ }; r[$1] = 1 }
	END { for (x in r) for (i = 0; i < 2; i++) { k = i ? "twin reruns" : "reruns"
			if (n[x, k]) printf "%s %s: %d of %d\n", x, k, s[x, k], n[x, k] }
		if (N["reruns"]) printf "reruns: %d of %d reruns (%.1f %%) get their labelled first run'"'"'s verdict\n",
			S["reruns"], N["reruns"], 100 * S["reruns"] / N["reruns"]
		if (N["twin reruns"]) printf "twin reruns: %d of %d (%.1f %%) get their first run'"'"'s verdict\n",
			S["twin reruns"], N["twin reruns"], 100 * S["twin reruns"] / N["twin reruns"] }' \
	"$TMP/out" | sort -V
# the population's measure (bench/triage-stability.sh) over the same
# runs: each program's first run and reruns against their most common
# verdict, so a first run that is the odd one out counts once, not once
# a rerun
awk -F'\t' '{ k = ($4 == "twin") ? "twin" : "labelled"; p = $1 SUBSEP $2
		kind[p] = k; n[p]++; c[p, $5]++ }
	END { for (x in c) { split(x, a, SUBSEP); p = a[1] SUBSEP a[2]
			if (c[x] > best[p]) best[p] = c[x] }
		for (p in n) { N[kind[p]] += n[p]; S[kind[p]] += best[p] }
		for (k in N) printf "modal, %s programs: %d of %d runs (%.1f %%) share their program'"'"'s most common verdict\n",
			k, S[k], N[k], 100 * S[k] / N[k] }' "$TMP/out" | sort
# the codes each DIFF flips against its first run: two rules' owners
# read their own flips here, not the whole verdict's
awk -F'\t' '$3 == "first" { f[$1, $2] = $5; next }
	$3 == "DIFF" { k = ($4 == "twin") ? "twin reruns" : "reruns"
		delete in1; n1 = split(f[$1, $2], a, " ")
		for (i = 1; i <= n1; i++) in1[a[i]] = 1
		delete in2; n2 = split($5, b, " ")
		for (i = 1; i <= n2; i++) in2[b[i]] = 1
		for (x in in1) if (x != "-" && !(x in in2)) c[k, x]++
		for (x in in2) if (x != "-" && !(x in in1)) c[k, x]++
		seen[k] = 1 }
	END { for (k in seen) for (kx in c) { split(kx, p, SUBSEP)
			if (p[1] == k) printf "%s\t%s\t%d\n", k, p[2], c[kx] } }' \
	"$TMP/out" | sort -t '	' -k1,1 -k3,3nr -k2,2 |
	awk -F'\t' '$1 != k { if (k != "") print ""; k = $1; printf "%s by code:", k; s = " " }
		{ printf "%s%s %d", s, $2, $3; s = ", " } END { if (k != "") print "" }'
