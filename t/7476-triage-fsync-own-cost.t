#!/bin/sh
# IOL-FSYNC stakes the syncs' own cost, not the flush of the bytes any
# sync must pay (issue 34, round 39), on jobs built in memory
# (t/unit/sync-cost), whose truth is their construction:
# - calls: 4 MiB in 1024 writes of 4 KiB, an fsync each, 3 s of write
#   time: the bytes flush in 0.016 s at the assumed 256 MiB/s, so the
#   syncs are the cost: still a finding, staked 3 - 0.016 s;
# - paced: the same beside a 64 MiB record synced once in 0.2 s: the
#   job's own 320 MiB/s is the flush's pace, told as the job's;
# - bytes: four processes of 48 MiB in 256 KiB writes with an fsync each,
#   3.84 s each, on storage of 32 MiB/s (fsync_flush_mibs = 32): 192 MiB
#   at that pace outlast the write time, the flush any sync pays; only fsync_call_us a sync (191 x 1 ms) is at stake: no finding;
# - site: calls under full_rate_mibs = 1: 4 MiB flush in 3 s (no
#   "assumed"), the syncs keep fsync_call_us each (1.023 s).
. "$(dirname "$0")/lib.sh"
U=$TOP/t/unit/sync-cost
[ -x "$U" ] || skip_all "t/unit/sync-cost is not built"
col() { # code column, of the rows in $TMP/t.tsv
	awk -F'\t' -v c="$1" -v k="$2" '$1 == c { print $k }' "$TMP/t.tsv"
}
near() { # value want tolerance: 0 when |value - want| <= tolerance
	awk -v v="$1" -v w="$2" -v t="$3" 'BEGIN { d = v - w; print !(d <= t && -d <= t) }'
}
"$U" calls >"$TMP/t.tsv"
ok $? "sync-cost calls: 1024 fsyncs of 4 KiB writes"
is "$(col IOL-FSYNC 2)" warn "syncs that are the job's cost are still a finding"
ok "$(near "$(col IOL-FSYNC 3)" 2.984 0.002)" \
	"stake $(col IOL-FSYNC 3) s: 3 s of writes and syncs less 4 MiB at 256 MiB/s"
col IOL-FSYNC 4 | grep -q "0.016 s of it the 4 MiB's flush at 256 MiB/s, assumed"
ok $? "the detail says how: the flush at 256 MiB/s, assumed"
"$U" paced >"$TMP/t.tsv"
ok "$(near "$(col IOL-FSYNC 3)" 3.1875 0.002)" \
	"paced: stake $(col IOL-FSYNC 3) s, the flush at the job's 320 MiB/s (0.0125 s)"
col IOL-FSYNC 4 | grep -q "flush at 320 MiB/s, the job's"
ok $? "paced: the detail names the job's own pace"
"$U" bytes >"$TMP/t.tsv"
is "$(col IOL-FSYNC 2)" info "bytes: a sync per 256 KiB write whose bytes set the time is no finding"
ok "$(near "$(col IOL-FSYNC 3)" 0.191 0.002)" \
	"bytes: stake $(col IOL-FSYNC 3) s, 191 syncs a process at fsync_call_us, not 3.8 s"
is "$(col IOL-IO-TIME 2)" ok "bytes: IO-TIME (47 % of the run) no finding"
"$U" site >"$TMP/t.tsv"
ok "$(near "$(col IOL-FSYNC 3)" 1.023 0.002)" \
	"site: stake $(col IOL-FSYNC 3) s at full_rate_mibs = 1: the syncs' 1 ms each"
col IOL-FSYNC 4 | grep -q "flush at 1 MiB/s, which"
ok $? "site: a site's pace is not said to be assumed"
done_testing
