#!/bin/sh
# timeline's phases stream (issue 38): a DXT log's segments are held
# packed, about 4 bytes each instead of 44, and walked in time order by
# merging the records' blocks (lib/analysis/phases-pack.c).
# 1. The packed path gives what the in-memory path gives
#    (IOLENS_TEST_PHASES_WHOLE=1 forces the latter), byte for byte, on
#    the DXT logs of the samples and of the benches: the text chart and
#    phases, --phases in CSV, --layer mpiio, --bins and triage.
# 2. dxt-1m (1,000,000 segments) runs under an address-space limit
#    (ulimit -v, not time: the same under any load) of what a log of
#    32,768 segments needs plus 16 MiB, where its segments held whole
#    took 44 MB more; its output is the same as without a limit.
. "$(dirname "$0")/lib.sh"
need_shared
BENCH=$SHARED/bench

# same LOG ARGS...: the two paths give the same bytes and status
same() {
	_log=$1
	shift
	"$IOLENS" "$@" "$_log" >"$TMP/p.out" 2>"$TMP/p.err"
	_a=$?
	IOLENS_TEST_PHASES_WHOLE=1 "$IOLENS" "$@" "$_log" >"$TMP/w.out" \
		2>"$TMP/w.err"
	_b=$?
	[ $_a -eq $_b ] && cmp -s "$TMP/p.out" "$TMP/w.out" &&
		cmp -s "$TMP/p.err" "$TMP/w.err"
	_r=$?
	[ $_r -eq 0 ] || diff "$TMP/w.out" "$TMP/p.out" | head -5 | sed 's/^/# /'
	return $_r
}

logs=$(find "$SAMPLES" -name '*.darshan' | sort)
for f in "$BENCH"/dxt-1m/*.darshan "$BENCH"/many-ranks/*.darshan \
	"$BENCH"/mpiio-collective-big/*.darshan; do
	[ -f "$f" ] && logs="$logs $f"
done
n=0
bad=
for f in $logs; do
	"$IOLENS" timeline --format csv "$f" 2>/dev/null | grep -q ',DXT_' ||
		continue
	n=$((n + 1))
	for args in "timeline" "timeline --width 100" \
		"timeline --format csv --phases" "timeline --layer mpiio" \
		"timeline --bins 37 --format csv" "triage --format json"; do
		# mpiio-collective-big's phases ask 10^5 questions of one
		# record, a minute on the whole path: its bins only
		case $f:$args in
		*mpiio-collective-big*:*--bins*) ;;
		*mpiio-collective-big*) continue ;;
		esac
		# shellcheck disable=SC2086
		same "$f" $args || bad="$bad
# $args $f"
	done
done
[ -n "$bad" ] && echo "$bad"
ok "$([ -z "$bad" ] && [ $n -gt 3 ]; echo $?)" \
	"packed and whole phases agree on $n DXT logs"

# the chart's matrix is made while gathering when the run time is exact
# (3.41 logs), after it otherwise: both against the whole path
f=$(find "$SAMPLES" -name '*.darshan' -path '*t4k*' | head -n 1)
same "$f" timeline --width 300
ok $? "the chart of $(basename "$f") at 300 columns"

D1=$(ls "$BENCH"/dxt-1m/*.darshan 2>/dev/null | head -n 1)
if [ -n "${VALGRIND:-}" ] || [ -z "$D1" ] || [ -z "$f" ]; then
	skip "an address-space limit under valgrind, or no dxt-1m" 2
	done_testing
	exit
fi

# limited KIB CMD...: CMD under ulimit -v KIB
limited() {
	(
		ulimit -v "$1" 2>/dev/null || exit 98
		shift
		"$IOLENS" "$@"
	)
}

# the smallest limit (KiB, by 2 MiB) under which the 32,768 segments of
# ior_posix_n1_t4k run; empty when none under 256 MiB (a sanitizer)
b=
k=8192
while [ $k -le 262144 ]; do
	if limited $k timeline "$f" >/dev/null 2>&1; then
		b=$k
		break
	fi
	k=$((k + 2048))
done
if [ -z "$b" ]; then
	skip "no address-space limit timeline runs under" 2
	done_testing
	exit
fi
"$IOLENS" timeline "$D1" >"$TMP/free.txt" 2>&1
limited $((b + 16384)) timeline "$D1" >"$TMP/lim.txt" 2>"$TMP/err"
st=$?
[ $st -eq 0 ] || sed 's/^/# /' "$TMP/err"
ok $st "dxt-1m in 16 MiB more than 32,768 segments ($b KiB)"
cmp -s "$TMP/free.txt" "$TMP/lim.txt"
ok $? "the same output as without a limit"
done_testing
