#!/bin/sh
# timeline's phases do not rest on qsort() being stable: glibc's was up
# to 2.36, 2.37's is not.  The read and the write cell of one record in
# one phase are equal in rank, file and phase, and were left in the order
# made only by a stable sort.  t/unit/test-phases-unstable computes each
# log's phases with a stable qsort() and with one that reverses every
# run of equal elements: the rows must be the same.  The DXT samples,
# and the bench logs of ../shared when it is there.
. "$(dirname "$0")/lib.sh"
[ -n "${SANITIZE:-}${VALGRIND:-}" ] &&
	skip_all "the test's own qsort() is not the sanitizer's"
logs=$(for l in "$SAMPLES"/*/*/*.darshan; do
	$RUN parse --dxt "$l" 2>/dev/null | grep -q '^# DXT' && echo "$l"
done)
if [ -d "$SHARED/bench" ]; then
	logs="$logs $(ls "$SHARED"/bench/dxt-1m/*.darshan "$SHARED"/bench/many-ranks/*.darshan 2>/dev/null)"
fi
for l in $logs; do
	out=$("$TOP/t/unit/test-phases-unstable" "$l" 2>&1)
	ok $? "${l##*/}: the same phases with ties in either order"
	echo "$out" | grep '^not ok' | sed 's/^/# /'
done
done_testing
