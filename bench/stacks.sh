#!/bin/bash
# bench/stacks.sh: what recording call stacks costs a call.  One program
# (bench/stackcost.c: STACKS_CALLS writes of 64 bytes, three frames deep
# in the program) run untraced, under iolens trace, iolens trace
# --stacks (depth 16), strace -f -tt -T and strace -f -k -tt -T, the five
# in turn (A B C D E, A B C D E, ...) STACKS_RUNS times; for each, the
# median wall time [min-max] and the cost a call: (median - untraced
# median) / calls.  Environment: IOLENS, STACKS_CALLS (default 20000),
# STACKS_RUNS (default 7), TMPDIR.
set -u
export LC_ALL=C TZ=UTC
TOP=$(cd "$(dirname "$0")/.." && pwd)
IOLENS=${IOLENS:-$TOP/bin/iolens}
N=${STACKS_CALLS:-20000}
R=${STACKS_RUNS:-7}
T=$(mktemp -d "${TMPDIR:-/tmp}/iolens-stacks.XXXXXX")
trap 'rm -rf "$T"' EXIT
cc -O2 -g -o "$T/p" "$TOP/bench/stackcost.c" || exit 1
names=(untraced "iolens trace" "iolens trace --stacks" "strace" "strace -k")
run() {
	case $1 in
	0) "$T/p" "$T/out" "$N" ;;
	1) "$IOLENS" trace -o "$T/t" "$T/p" "$T/out" "$N" 2> /dev/null ;;
	2) "$IOLENS" trace --stacks -o "$T/t" "$T/p" "$T/out" "$N" 2> /dev/null ;;
	3) strace -f -tt -T -o "$T/t" "$T/p" "$T/out" "$N" ;;
	4) strace -f -k -tt -T -o "$T/t" "$T/p" "$T/out" "$N" ;;
	esac
}
declare -A times
for ((r = 0; r < R; r++)); do
	for k in 0 1 2 3 4; do
		s=$EPOCHREALTIME
		run $k
		e=$EPOCHREALTIME
		times[$k]+="$(echo "$e - $s" | bc -l) "
	done
done
med() { tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { printf "%.4f [%.4f-%.4f]", v[int((NR + 1) / 2)], v[1], v[NR] }'; }
base=$(echo "${times[0]}" | med | cut -d' ' -f1)
printf '%-24s %-28s %s\n' "run ($N calls, $R runs)" "seconds: median [min-max]" "us a call"
for k in 0 1 2 3 4; do
	m=$(echo "${times[$k]}" | med)
	c=$(echo "(${m%% *} - $base) / $N * 1000000" | bc -l)
	printf '%-24s %-28s %.2f\n' "${names[$k]}" "$m" "$c"
done
