#!/bin/sh
# Job-row fields that add counters of a damaged or hostile log (counters
# of 5e18): a STDIO file's 5e18 reads and 5e18 writes are INT64_MAX
# stdio_ops, a POSIX file's 5e18 B read and 5e18 B written INT64_MAX
# all_bytes and top_file_bytes.  The sums overflowed (undefined; wrapped
# to -8446744073709551616 in practice, and the top file by bytes was the
# STDIO one of 2 B; a SANITIZE=1 build stopped in accum.c and summary.c).  t/unit/jobrow-huge: an
# in-memory job, since iolens writes no STDIO module.
. "$(dirname "$0")/lib.sh"
U=$TOP/t/unit/jobrow-huge
[ -x "$U" ] || skip_all "t/unit/jobrow-huge is not built"
"$U" >"$TMP/out" 2>"$TMP/err"
is "$?:$(cat "$TMP/err")" "0:" "the job row is computed"
is "$(sed -n 's/^stdio_ops //p' "$TMP/out")" 9223372036854775807 \
	"STDIO: 5e18 reads and 5e18 writes are INT64_MAX calls"
is "$(sed -n 's/^all_bytes //p' "$TMP/out")" 9223372036854775807 \
	"POSIX: 5e18 B read and 5e18 B written are INT64_MAX bytes"
is "$(sed -n 's/^top_file_bytes //p' "$TMP/out")" 9223372036854775807 \
	"... and the top file's INT64_MAX bytes"
done_testing
