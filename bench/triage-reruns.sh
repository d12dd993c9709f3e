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

# verdicts LIST: "FILE<TAB>VERDICT" for each file named in LIST (a line
# each), by one iolens triage for them all (xargs; its TSV names each
# row's log, the header's severity is neither; a log it cannot read has
# no row: "-", as alone).  A triage, an awk, a sort, a tr and a sed a
# log were 18,000 processes over the rounds, most of t/7499's time.
verdicts() {
	tr '\n' '\0' <"$1" | xargs -0 "$IOLENS" triage ${TRIAGE_ARGS:-} --format tsv 2>/dev/null |
		awk -F'\t' '$3 == "high" || $3 == "warn" { print $1 "\t" $2 }' |
		sort -u | awk -F'\t' '{ v[$1] = ($1 in v) ? v[$1] " " $2 : $2 }
			END { for (f in v) print f "\t" v[f] }' >"$TMP/v"
	awk -F'\t' 'FILENAME == ARGV[1] { v[$1] = $2; next }
		{ print $0 "\t" (($0 in v) ? v[$0] : "-") }' "$TMP/v" "$1"
}

# programs R: "BASE<TAB>NAME" for each rerun base name on stdin (prefix
# R-): its program NAME, the base less the rerun tag; a base with no
# program is left out
programs() {
	sed -n -E \
		-e "s/^($1-(ab[0-9]+|ag[0-9]+|rr[0-9]+|tw|labels[0-9]+-ab[0-9]+(x[0-9]+)?)-(.+))$/\\1\t\\4/p;t" \
		-e "s/^($1-(.+)-(ab[0-9]+|abc[0-9]+|[0-9]))$/\\1\t\\2/p;t" \
		-e "s/^($1-(.+))$/\\1\t\\2/p"
}

for d in "$@"; do
	d=${d%/}
	[ -d "$d/reruns" ] || continue
	r=$(basename "$d" | sed 's/^triage-round/r/')
	ls "$d/reruns" | sed -n 's/\.darshan$//p' | programs "$r" |
		awk -F'\t' -v d="$d/reruns/" '{ print $2 "\t" d $1 ".darshan" }' |
		sort -t '	' -k1,1 -k2,2 >"$TMP/runs"
	cut -f1 "$TMP/runs" | uniq | while read -r p; do
		[ ! -f "$d/$r-$p.darshan" ] || printf '%s\t%s\n' "$p" "$d/$r-$p.darshan"
	done >"$TMP/labelled"
	# each program's first run: its labelled log; for an unlabelled
	# twin, its untagged or tw- run (the labelled pass's) if kept, else
	# its first rerun by name (a twin of one run has no rerun); then its
	# other runs, the reruns
	awk -F'\t' -v r="$r" 'FILENAME == ARGV[1] { lab[$1] = $2; next }
		{ if (!($1 in n)) ord[++np] = $1; n[$1]++; run[$1, n[$1]] = $2 }
		END { for (i = 1; i <= np; i++) { p = ord[i]
			if (p in lab) { first = lab[p]; kind = "labelled" }
			else if (n[p] < 2) continue
			else { kind = "twin"; first = ""
				for (k = 1; k <= n[p] && first == ""; k++) { b = run[p, k]; sub(/.*\//, "", b)
					if (b == r "-" p ".darshan" || b == r "-tw-" p ".darshan") first = run[p, k] }
				if (first == "") first = run[p, 1] }
			print r "\t" p "\tfirst\t" kind "\t" first
			for (k = 1; k <= n[p]; k++) if (run[p, k] != first)
				print r "\t" p "\trerun\t" kind "\t" run[p, k] } }' "$TMP/labelled" "$TMP/runs" >"$TMP/plan"
	[ -s "$TMP/plan" ] || continue
	cut -f5 "$TMP/plan" >"$TMP/files"
	verdicts "$TMP/files" >"$TMP/pv"
	awk -F'\t' -v top="$TOP/" 'FILENAME == ARGV[1] { v[$1] = $2; next }
		{ f = $5; rel = index(f, top) == 1 ? substr(f, length(top) + 1) : f
		  if ($3 == "first") { fv[$1, $2] = v[f]; s = "first" }
		  else s = v[f] == fv[$1, $2] ? "same" : "DIFF"
		  print $1 "\t" $2 "\t" s "\t" $4 "\t" v[f] "\t" rel }' "$TMP/pv" "$TMP/plan"
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
