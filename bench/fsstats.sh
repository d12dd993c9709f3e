#!/usr/bin/env bash
# bench/fsstats.sh: the tree walk of `iolens fsstats` against find(1) on a
# generated tree of BENCH_FS_FILES files (default 1,000,000: 1000
# directories of 1000, every tenth file sparse at 1 MiB, the rest empty)
# under /tmp (outside the repository), runs in the order A B A B so that
# neither side alone has the warm cache.  Prints files per second of each
# run and the medians.  Run by bench/run.sh; alone: bash bench/fsstats.sh
#
# Environment: IOLENS (default bin/iolens), BENCH_FS_FILES, BENCH_FS_THREADS
# (default 2), BENCH_FS_KEEP=1 keeps the tree (its path is printed).
set -u
export LC_ALL=C TZ=UTC
TOP=$(cd "$(dirname "$0")/.." && pwd)
IOLENS=${IOLENS:-$TOP/bin/iolens}
N=${BENCH_FS_FILES:-1000000}
TH=${BENCH_FS_THREADS:-2}
PER=1000
NDIR=$(( (N + PER - 1) / PER ))

T=$(mktemp -d "${TMPDIR:-/tmp}/iolens-bench-fs.XXXXXX") || exit 2
[ "${BENCH_FS_KEEP:-0}" = 1 ] || trap 'rm -rf "$T"' EXIT
trap 'exit 130' INT TERM

now() { if [ -n "${EPOCHREALTIME:-}" ]; then echo "$EPOCHREALTIME"; else date +%s.%N; fi; }

echo "fsstats bench: making $N files in $NDIR directories under $T"
t0=$(now)
left=$N
for ((d = 0; d < NDIR; d++)); do
	n=$(( left < PER ? left : PER ))
	left=$(( left - n ))
	mkdir "$T/d$d"
	( cd "$T/d$d" && eval "touch f{0..$((n - 1))}" &&
		if [ "$n" -ge 10 ]; then eval "truncate -s 1M f{0..$((n / 10 - 1))}"; fi )
done
echo "fsstats bench: tree made in $(awk -v a="$t0" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }') s"

run() { # run <label> <command...>: prints seconds; checks the file count
	local t1 t2 out
	t1=$(now)
	out=$("${@:2}")
	t2=$(now)
	echo "$1 $(awk -v a="$t1" -v b="$t2" 'BEGIN { printf "%.3f", b - a }') $out"
}
A=( "$IOLENS" fsstats --threads "$TH" --format=csv "$T" )
results=()
for round in A B A B; do
	if [ "$round" = A ]; then
		r=$(run iolens bash -c '"$@" | awk -F, "NR == 2 { print \$2 }"' _ "${A[@]}")
	else
		r=$(run find bash -c 'find "$1" -printf "%s\n" | wc -l' _ "$T")
	fi
	read -r who secs count <<<"$r"
	rate=$(awk -v n="$N" -v s="$secs" 'BEGIN { printf "%.0f", n / s }')
	printf '  %-6s %8.3f s  %9s entries  %10s files/s\n' "$who" "$secs" "$count" "$rate"
	results+=("$who $secs")
done
printf '%s\n' "${results[@]}" | awk -v n="$N" -v th="$TH" '
	{ s[$1] = s[$1] " " $2; c[$1]++ }
	END {
		for (w in s) { split(s[w], v, " "); m = (v[1] < v[2] ? v[1] : v[2]); best[w] = m }
		printf "fsstats bench: best of 2, %d files: iolens fsstats (%d threads) %.0f files/s, find -printf %.0f files/s (%.2fx)\n",
			n, th, n / best["iolens"], n / best["find"], best["find"] / best["iolens"]
	}'
