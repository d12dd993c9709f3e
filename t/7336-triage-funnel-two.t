#!/bin/sh
# IOL-RANK0-IO is a structural pattern from three processes on: one rank
# doing the I/O of two or more idle ranks (issue 34, round 7).  With two
# processes its stake, half the I/O time, rests wholly on a second
# writer doubling the storage's pace, which a job with one writer gives
# no evidence of: it is judged by its time (1 s and 5 % of the run).
# main warned on r7-idle-rank (rank 0 of 2 writes 256 MiB to one local
# disk in 1.10 s; RANK0-IO and IDLE-RANKS labelled trivial).  The truth
# is computed by awk from `iolens parse`: the processes, the ranks with
# records, rank 0's POSIX time.  Our own cases: carol's esm-rank0 jobs
# (IOR -N 1 on 4 and 8 ranks, material in rounds 1-3) stay warnings.
. "$(dirname "$0")/lib.sh"
col() { # tsv code column
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}
funnel() { # log: processes, ranks with a POSIX or STDIO record, the busiest rank's time
	$RUN parse "$1" 2>/dev/null | awk '/^# nprocs:/ { n = $3 }
		($1 == "POSIX" || $1 == "STDIO") && $2 >= 0 { r[$2] = 1
			if ($4 ~ /_F_(READ|WRITE|META)_TIME$/) t[$2] += $5 }
		END { for (k in r) m++; for (k in t) if (t[k] > x) x = t[k]
		      printf "%d %d %.6f\n", n, m, x }'
}
L=$TOP/t/data/triage-round7/r7-idle-rank.darshan
set -- $(funnel "$L")
stake=$(awk -v t="$3" -v n="$1" 'BEGIN { printf "%.3f", t * (1 - 1 / n) }')
is "$1 $2" "2 1" "r7-idle-rank: awk: 2 processes, 1 with records"
ok "$(awk -v s="$stake" 'BEGIN { exit !(s < 1) }'; echo $?)" "r7-idle-rank: awk: the stake $stake s is under 1 s"
$RUN triage --all --format tsv "$L" >"$TMP/i.tsv" 2>/dev/null
is "$(col "$TMP/i.tsv" IOL-RANK0-IO 3)" info "r7-idle-rank: RANK0-IO info (main: warn)"
is "$(col "$TMP/i.tsv" IOL-IDLE-RANKS 3)" info "r7-idle-rank: IDLE-RANKS info (main: warn)"
is "$(col "$TMP/i.tsv" IOL-RANK0-IO 10 | xargs printf '%.3f')" "$stake" "r7-idle-rank: the stake is awk's (1 - 1/2) x $3 s"
col "$TMP/i.tsv" IOL-RANK0-IO 8 | grep -q "(two processes: one writer beside one other is no funnel; judged by its time); $stake s at stake, .* (below the impact floor: under min_stake_s)"
ok $? "r7-idle-rank: the detail says why"
# judged by its time: under a floor below the stake it is a finding
lo=$(awk -v s="$stake" 'BEGIN { printf "%.3f", s - 0.05 }')
printf 'min_stake_s = %s\n' "$lo" >"$TMP/lo.conf"
$RUN triage --config "$TMP/lo.conf" --all --format tsv "$L" >"$TMP/lo.tsv" 2>/dev/null
is "$(col "$TMP/lo.tsv" IOL-RANK0-IO 3) $(col "$TMP/lo.tsv" IOL-IDLE-RANKS 3)" "warn warn" "min_stake_s $lo: RANK0-IO warns, IDLE-RANKS its part"
if [ -d "$SHARED/corpus/population" ]; then
	for id in 1902-1902_11-21-81901-12806130783402967489 693-693_11-21-81868-12550312868134091037; do
		E=$SHARED/corpus/population/logs/carol_esm-rank0_id${id}_1.darshan
		set -- $(funnel "$E")
		ok "$([ "$1" -ge 3 ] && [ "$2" -eq 1 ] && echo 0 || echo 1)" "esm-rank0 ${id%%-*}: awk: $1 processes, $2 with records"
		$RUN triage --format tsv "$E" >"$TMP/e.tsv" 2>/dev/null
		is "$(col "$TMP/e.tsv" IOL-RANK0-IO 3)" warn "esm-rank0 ${id%%-*}: a funnel of $1, RANK0-IO warns (structural)"
	done
else
	skip "../shared is not present" 4
fi
done_testing
