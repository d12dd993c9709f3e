#!/bin/sh
# A job page finds its job's row (its log's path, its app) by the row
# alone, LIMIT 1: a cursor on "id = N" with no order read a store of
# many jobs in chunks of ids on two connections, every chunk (1M jobs:
# 107 ms of the server's CPU for a page kept whole, 357 ms for a first
# visit, where 0.15 and 3.3 now).  The store here is small, its reads
# split at once (IOLENS_POP_SPLIT=1); SQLite's steps are counted by an
# LD_PRELOAD library (t/data/serve/step-count.c): ten visits of a page
# kept whole, the difference of two servers' counts, one visited ten
# times more.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve.sh"
serve_needs
command -v cc >/dev/null || skip_all "no C compiler for the counting library"
[ -n "${SANITIZE:-}${VALGRIND:-}" ] && skip_all "a preloaded library under the sanitizer"
cc -O2 -shared -fPIC -o "$TMP/sc.so" "$TOP/t/data/serve/step-count.c" -ldl 2>"$TMP/err" ||
	skip_all "cannot build the counting library: $(head -1 "$TMP/err")"

serve_store 40
IOLENS_POP_SPLIT=1
export IOLENS_POP_SPLIT
visits() { # name n: the server's steps for a first visit and n more
	STEP_COUNT=$TMP/steps.$1 LD_PRELOAD=$TMP/sc.so serve_start "$1" --db "$DB" \
		--logs "$TMP/logs" --cache ""
	eval "vp=\$${1}_PID vu=\$${1}_URL"
	get "$vu/job/7" >/dev/null
	vi=0
	while [ $vi -lt "$2" ]; do
		get "$vu/job/7" >/dev/null
		vi=$((vi + 1))
	done
	echo "$(cat "$TMP/code")" >"$TMP/code.$1"
	kill "$vp"
	wait "$vp" 2>/dev/null
	cat "$TMP/steps.$1.$vp" 2>/dev/null || echo x
}
a=$(visits A 0)
b=$(visits B 10)
is "$(cat "$TMP/code.B")" 200 "the page answered"
ok $([ "$a" != x ] && [ "$b" != x ]; echo $?) "steps counted ($a, $b)"
d=$((b - a))
# a visit of a page kept whole: its log's path, one row (and the steps
# of a cursor's end); before, every one of the 40 jobs' rows, in chunks
ok $([ "$d" -le 40 ]; echo $?) "ten visits of a kept page: $d steps (at most 4 a visit)"
done_testing
