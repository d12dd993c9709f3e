#!/bin/sh
# The small reads' facts of a damaged or hostile log's counters: a
# file's 100 forward 4 KiB reads whose highest byte read is INT64_MAX
# are sparse (409600 bytes over a span of 2^63), not served by readahead;
# a file's 10 reads of 100 B beside a 100K_1M bin of INT64_MIN are small
# reads, not large ones.  trifacts.c's span (highest byte + 1) and small
# reads (less that bin) overflowed (undefined; a SANITIZE=1 build
# stopped; wrapped otherwise: a span of -9.2e18 read ahead in 1 s, and a
# pace of large reads).  t/unit/trifacts-huge-span: an in-memory job.
. "$(dirname "$0")/lib.sh"
U=$TOP/t/unit/trifacts-huge-span
[ -x "$U" ] || skip_all "t/unit/trifacts-huge-span is not built"
"$U" >"$TMP/out" 2>"$TMP/err"
is "$?:$(cat "$TMP/err")" "0:" "the facts are computed"
v() { sed -n "s/^$1 //p" "$TMP/out"; }
is "$(v sparse_read_time) $(v sparse_read_span) $(v sparse_read_bytes)" \
	"1.000 9.223e+18 409600" "the far reads are sparse: 1 s over a span of 2^63 bytes"
is "$(v small_readahead_time)" 0.000 "... not served by readahead"
is "$(v large_read_mibs)" none "reads of 100 B beside a bin of INT64_MIN are no large reads"
done_testing
