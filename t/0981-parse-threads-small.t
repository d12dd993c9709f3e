#!/bin/sh
# iolens parse starts no thread for a small text: parse --base/--all
# only past 64 records (render/view-parse.c), parse --dxt only once a
# chunk of 8192 segment lines is queued (render/dxt-pipe.c); a large
# text still gets them (--all: n - 1 formatters, the caller the n-th;
# --dxt: n formatters, which also write).  Counted with strace; before, every
# log started them.
. "$(dirname "$0")/lib.sh"

if [ -n "${SANITIZE:-}${VALGRIND:-}" ]; then
	# LeakSanitizer's own thread, and no stopping a traced process
	skip_all "threads counted under the sanitizer or valgrind"
fi
command -v strace >/dev/null || skip_all "no strace"

SMALL=$(ls "$SAMPLES"/nonmpi/darshan/sqlite3_inserts/*.darshan | head -1)
STORM=$TOP/t/data/triage-lone/storm-64b.darshan
IOR=$(ls "$SAMPLES"/ior/ior_posix_n1_t4k/*.darshan | head -1)
CP=$TOP/t/data/triage-commit/cp-tree-1200.darshan

# clones OPT THREADS LOG: the threads parse started (THREADS '':
# without --threads)
clones() {
	strace -f -qq -e trace=clone,clone3 -o "$TMP/st" \
		$IOLENS parse $1 ${2:+--threads $2} "$3" >/dev/null 2>&1
	# a call another thread interrupts is two lines, the second
	# "<... clone3 resumed>"
	grep 'clone' "$TMP/st" | grep -vc 'resumed'
}

for t in 2 3; do
	is "$(clones --all $t "$SMALL")" 0 "--all --threads $t, 7 records: no thread"
	is "$(clones --dxt $t "$STORM")" 0 "--dxt --threads $t, 3,185 lines: no thread"
	is "$(clones --all $t "$CP")" $((t - 1)) "--all --threads $t, 2,424 records: $((t - 1)) threads"
	is "$(clones --dxt $t "$IOR")" $t "--dxt --threads $t, 32,829 lines: $t threads"
done
is "$(clones --dxt 1 "$IOR")" 0 "--dxt --threads 1: no thread"
is "$(clones --all 1 "$CP")" 0 "--all --threads 1: no thread"
is "$(IOLENS_THREADS=1 clones --all '' "$CP")" 0 "--all, IOLENS_THREADS=1: no thread"
is "$(IOLENS_THREADS=1 clones --dxt '' "$IOR")" 0 "--dxt, IOLENS_THREADS=1: no thread"
is "$(IOLENS_THREADS=3 clones --all '' "$CP")" 2 "--all, IOLENS_THREADS=3: 2 threads"

# the small texts are the one-thread texts
for opt in --all --dxt; do
	for log in "$SMALL" "$STORM"; do
		$RUN parse $opt --threads 1 "$log" >"$TMP/one" 2>&1
		$RUN parse $opt --threads 3 "$log" >"$TMP/three" 2>&1
		cmp -s "$TMP/one" "$TMP/three"
		ok $? "parse $opt $(basename "$log"): --threads 3 is the one-thread text"
	done
done
done_testing
