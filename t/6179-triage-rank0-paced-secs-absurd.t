#!/bin/sh
# IOL-RANK0-IO's paced time (rank0_pace_note(), issue 34, rounds 31, 39
# and 46) from a damaged log's counters: at a best-write pace of some
# 1e-9 MiB/s (a byte in hundreds of millions of seconds) rank 0's bytes
# "take 7916483719987200000000.000 s", a 22-digit run t/8004 and
# t/unit/triage-absurd count as no figure (seeds 30495 and 39205 of
# its generator, past the 300 t/6167 runs; the device wait's clause
# prints the same kind of time).  From 1e12 s on it is given in three
# digits, as the paces are.
. "$(dirname "$0")/lib.sh"
U=$TOP/t/unit/triage-absurd
[ -x "$U" ] || skip_all "t/unit/triage-absurd is not built"
for seed in 30495 39205; do
	"$U" 1 $seed >"$TMP/out" 2>"$TMP/err"
	is "$?:$(head -c 300 "$TMP/err")" "0:" "seed $seed: nothing reported"
	grep -v '^checked' "$TMP/out" | cut -c1-200 | sed 's/^/# /'
done
"$U" 1 1 >"$TMP/one"
is "$(cat "$TMP/one")" "checked 27 findings" "a seed alone: its 27 rules"
done_testing
