#!/bin/sh
# IOL-FSYNC's STDIO writes flushed by POSIX-only syncs (trisync.c) on a
# damaged log's counters: a record of INT64_MAX fsyncs and 1 fdatasync
# overflowed their sum (undefined behaviour: UBSan stopped t/7438's
# triage-absurd under SANITIZE=1), and shared records counted one a
# process in a job of INT64_MAX processes wrapped to -2.  Both saturate
# now (t/unit/sync-huge).
. "$(dirname "$0")/lib.sh"
U=$TOP/t/unit/sync-huge
[ -x "$U" ] || skip_all "t/unit/sync-huge is not built"
"$U" >"$TMP/out" 2>"$TMP/err"
is "$?:$(cat "$TMP/err")" "0:" "sync-huge runs, nothing reported"
is "$(cat "$TMP/out")" "200 9223372036854775807" \
	"the two files' 200 STDIO writes synced; their records at most INT64_MAX"
"$TOP/t/unit/triage-absurd" 300 >"$TMP/abs" 2>"$TMP/err"
is "$?:$(head -c 300 "$TMP/err")" "0:" "triage-absurd: 300 seeds, nothing reported"
done_testing
