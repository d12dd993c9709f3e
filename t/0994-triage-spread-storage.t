#!/bin/sh
# IOL-SHARED-TIME-IMBALANCE needs a cause a rank owns (issue 34, round
# 21): example.darshan's 2048 ranks each wrote 1 GiB in eight 128 MiB
# calls to one file striped over 24 OSTs of 1 MiB (every call spans them
# all), finishing in 20.5-85.5 s, the slowest call 17.9 s: the order in
# which one storage served 2048 writers, no straggler (labelled
# trivial; main warned "a straggler", 27.9 s).  A spread with more bytes
# on the slowest rank, or a slow call of its own, is still judged.  The
# job is built in memory (t/unit/spread-storage: 64 ranks of that shape).
. "$(dirname "$0")/lib.sh"
col() { # code column, of the rows in $TMP/t.tsv
	awk -F'\t' -v c="$1" -v k="$2" '$1 == c { print $k }' "$TMP/t.tsv"
}
"$TOP/t/unit/spread-storage" >"$TMP/t.tsv"
ok $? "spread-storage: equal bytes, every call over all 24 OSTs"
s=$(col IOL-SHARED-TIME-IMBALANCE 2)
ok "$([ "$s" != warn ] && [ "$s" != high ] && echo 0 || echo 1)" \
	"no rank-specific cause: SHARED-TIME-IMBALANCE not warned ($s; main: warn)"
col IOL-SHARED-TIME-IMBALANCE 4 | grep -q "none whose spread a rank owns"
ok $? "the detail says why"
"$TOP/t/unit/spread-storage" slowop >"$TMP/t.tsv"
is "$(col IOL-SHARED-TIME-IMBALANCE 2)" warn "the slowest rank's own 60 s call: warn"
"$TOP/t/unit/spread-storage" bytes >"$TMP/t.tsv"
is "$(col IOL-SHARED-TIME-IMBALANCE 2)" warn "the slowest rank moved 50 % more: warn"
done_testing
