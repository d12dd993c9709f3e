#!/bin/sh
# Triage facts that add operation counts of a damaged or hostile log
# (counters of 5e18 and INT64_MAX): a record's 5e18 small reads and 5e18
# small writes, two ranks' 5e18 memory-misaligned operations and 5e18
# accesses of 1 MiB in two slots each, are INT64_MAX; a record's 1 read
# and INT64_MAX writes share its time among INT64_MAX operations.  The
# sums overflowed (undefined; a SANITIZE=1 build stopped in trifacts.c's
# small_secs(), small_ops() and one_mib(); wrapped to negatives
# otherwise).  t/unit/trifacts-huge-ops: an in-memory job.
. "$(dirname "$0")/lib.sh"
U=$TOP/t/unit/trifacts-huge-ops
[ -x "$U" ] || skip_all "t/unit/trifacts-huge-ops is not built"
"$U" >"$TMP/out" 2>"$TMP/err"
is "$?:$(cat "$TMP/err")" "0:" "the facts are computed"
for k in small_top_ops mem_notaligned one_mib_ops; do
	is "$(sed -n "s/^$k //p" "$TMP/out")" 9223372036854775807 "$k: INT64_MAX"
done
is "$(sed -n 's/^small_time //p' "$TMP/out")" finite "the small operations' time is a number"
done_testing
