#!/bin/sh
# RANK-IMBALANCE saves no more than the storage's pace the job showed
# (issue 34, round 5): with two or more ranks moving bytes, the balanced
# job takes at least its bytes over the sum of the ranks' own rates, and
# the stake, the busiest rank's POSIX read and write time beyond the
# mean rank's, is at most its time beyond that.  A straggler that is the
# busiest rank is late for its extra bytes: STRAGGLER's stake is then no
# more than RANK-IMBALANCE's.  main staked r5-imbalance at 2.74 s and
# 3.44 s, so its IO-TIME (labelled trivial) warned, its causes holding
# 78 % of the I/O time.  The truth is computed by awk from `iolens
# parse`: each rank's POSIX bytes and read + write time in its own
# records.  Our own cases: r5-long-quiet (the bound bites by 0.02 ms),
# r5-fpp-ckpt and r6-slow-io (it does not), r4-rank0-io (a lone writer).
. "$(dirname "$0")/lib.sh"
col() { # tsv code column
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}
pace() { # log: the stake by awk
	$RUN parse "$1" 2>/dev/null | awk '/^# nprocs:/ { n = $3 }
		$1 == "POSIX" && $2 >= 0 {
			if ($4 == "POSIX_BYTES_READ" || $4 == "POSIX_BYTES_WRITTEN") b[$2] += $5
			if ($4 == "POSIX_F_READ_TIME" || $4 == "POSIX_F_WRITE_TIME") { t[$2] += $5; sum += $5 } }
		END { for (r in b) if (b[r] > bb) { bb = b[r]; busy = r }
		      for (r in b) if (b[r] > 0 && t[r] > 0) { by += b[r]; rate += b[r] / t[r]; w++ }
		      s = t[busy] - sum / n
		      if (w >= 2 && t[busy] - by / rate < s) s = t[busy] - by / rate
		      if (s < 0) s = 0
		      printf "%.5f\n", s }'
}
D=$TOP/t/data
I=$D/triage-round5/r5-imbalance.darshan
want=$(pace "$I")
$RUN triage --all --format tsv "$I" >"$TMP/i.tsv" 2>/dev/null
is "$(col "$TMP/i.tsv" IOL-RANK-IMBALANCE 10 | xargs printf '%.5f')" "$want" "r5-imbalance: RANK-IMBALANCE's stake is awk's $want s (main: 2.739)"
is "$(col "$TMP/i.tsv" IOL-RANK-IMBALANCE 3) $(col "$TMP/i.tsv" IOL-STRAGGLER 3)" "warn warn" "r5-imbalance: RANK-IMBALANCE and STRAGGLER warn (labelled material)"
is "$(col "$TMP/i.tsv" IOL-STRAGGLER 10 | xargs printf '%.5f')" "$want" "r5-imbalance: STRAGGLER's stake is RANK-IMBALANCE's (main: 3.436)"
is "$(col "$TMP/i.tsv" IOL-IO-TIME 3)" info "r5-imbalance: IO-TIME info (main: warn)"
col "$TMP/i.tsv" IOL-STRAGGLER 8 | grep -q "the busiest rank, late for its extra bytes: at stake what balance saves, IOL-RANK-IMBALANCE's"
ok $? "r5-imbalance: STRAGGLER's detail says why"
for L in triage-round5/r5-long-quiet triage-round5/r5-fpp-ckpt triage-round6/r6-slow-io triage-round4/r4-rank0-io; do
	want=$(pace "$D/$L.darshan")
	$RUN triage --all --format tsv "$D/$L.darshan" >"$TMP/o.tsv" 2>/dev/null
	is "$(col "$TMP/o.tsv" IOL-RANK-IMBALANCE 10 | xargs printf '%.5f')" "$want" "${L#*/}: the stake is awk's $want s"
done
is "$(col "$TMP/o.tsv" IOL-RANK-IMBALANCE 3)" warn "r4-rank0-io: a lone writer keeps its stake, RANK-IMBALANCE warns"
done_testing
