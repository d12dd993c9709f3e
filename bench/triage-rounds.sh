#!/bin/sh
# bench/triage-rounds.sh: every labelled round scored at once (issue 34).
#
#   sh bench/triage-rounds.sh [ROUND...]
#
# Runs bench/triage-expert-score.sh on t/data/triage-expert*.tsv (round 1
# is triage-expert.tsv; ROUND: 1 2 ... 43, default all) with one root
# holding every path a label names: t -> this tree's t, each entry of
# ../shared (corpus, bench), and mirror -> $ROUNDS_MIRROR when set (the
# public repositories' tree rounds 20 and 21 name, as t/7397 builds it
# from git mirrors; without it their logs are skipped and said so).
# Prints each round's "expert:" line, then the totals over the rounds:
#   rounds: N, findings F, tp T, strict precision P, causes C, found K, cause recall Q, skipped S
# Environment: IOLENS (binary, default bin/iolens), SHARED (../shared),
# ROUNDS_MIRROR, TRIAGE_ARGS; V (an extended regular expression: print
# also the score script's lines that match it, e.g. V='^(FP|FN)').
set -u
export LC_ALL=C TZ=UTC
TOP=$(cd "$(dirname "$0")/.." && pwd)
export IOLENS=${IOLENS:-$TOP/bin/iolens}
SHARED=${SHARED:-$TOP/../shared}
ROOT=$(mktemp -d "${TMPDIR:-/tmp}/iolens-rounds.XXXXXX") || exit 2
trap 'rm -rf "$ROOT"' EXIT
ln -s "$TOP/t" "$ROOT/t"
for e in "$SHARED"/*; do
	[ -e "$e" ] && [ "$(basename "$e")" != t ] && ln -s "$e" "$ROOT/"
done
[ -n "${ROUNDS_MIRROR:-}" ] && ln -s "$ROUNDS_MIRROR" "$ROOT/mirror"
rounds=${*:-$(ls "$TOP"/t/data/ | sed -n 's/^triage-expert\([0-9]*\)\.tsv$/\1/p' |
	sed 's/^$/1/' | sort -n | tr '\n' ' ')}
for r in $rounds; do
	f=$TOP/t/data/triage-expert$r.tsv
	[ "$r" = 1 ] && f=$TOP/t/data/triage-expert.tsv
	[ -f "$f" ] || { echo "triage-rounds: no labels for round $r" >&2; continue; }
	SHARED=$ROOT sh "$TOP/bench/triage-expert-score.sh" "$f" |
		grep -E "^expert|${V:-^expert}" | sed "s/^/r$r /"
done | tee "$ROOT/out"
awk '$2 == "expert:" { n++
	for (i = 3; i <= NF; i++) { v = $(i + 1); sub(/[,)]$/, "", v)
		if ($i == "findings") f += v; if ($i == "tp") t += v
		if ($i == "causes") c += v; if ($i == "found") k += v
		if ($i == "(0" || $i ~ /^\([0-9]+$/) { s = $i; sub(/\(/, "", s); sk += s } } }
	END { printf "rounds: %d, findings %d, tp %d, strict precision %.3f, causes %d, found %d, cause recall %.3f, skipped %d\n",
		n, f, t, f ? t / f : 1, c, k, c ? k / c : 1, sk }' "$ROOT/out"
