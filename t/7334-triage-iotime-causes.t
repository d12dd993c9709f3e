#!/bin/sh
# IOL-IO-TIME restates its causes (issue 34, the dominant-cause
# principle): it is a finding only when the causes that are findings
# (warn or high), with MPI-IO's own time above POSIX, hold at least
# iotime_cause_pct (67) of the slowest rank's I/O time.  main warned on
# r5-strided-coll (labelled trivial), where MPI-IO's exchange above the
# one aggregator's POSIX writes holds 62 % of the I/O time.  The truth
# is computed by awk from `iolens parse`: the MPI-IO and POSIX slowest
# rank times of the shared file; STDIO's flushes beyond a buffer's worth
# for r4-stdio-log and its reruns (our own case: min_stake_s = 0, so the
# principle alone decides; main warned there).
. "$(dirname "$0")/lib.sh"
col() { # tsv code column
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}
slowest() { # log module prefix: the largest F_SLOWEST_RANK_TIME of its records
	$RUN parse "$1" 2>/dev/null | awk -v m="$2" -v p="$3" '$1 == m && $4 == p "_F_SLOWEST_RANK_TIME" && $5 > s { s = $5 } END { printf "%.6f\n", s }'
}
C=$TOP/t/data/triage-round5/r5-strided-coll.darshan
mp=$(slowest "$C" MPI-IO MPIIO)
px=$(slowest "$C" POSIX POSIX)
ex=$(awk -v m="$mp" -v p="$px" 'BEGIN { printf "%.3f", m - p }')
share=$(awk -v m="$mp" -v p="$px" 'BEGIN { printf "%.0f", 100 * (m - p) / m }')
ok "$([ "$share" -lt 67 ] && echo 0 || echo 1)" "r5-strided-coll: awk: MPI-IO $mp s over POSIX $px s, the exchange $ex s, $share % of it"
$RUN triage --all --format tsv "$C" >"$TMP/c.tsv" 2>/dev/null
is "$(col "$TMP/c.tsv" IOL-IO-TIME 3)" info "r5-strided-coll: IO-TIME info (main: warn)"
is "$(col "$TMP/c.tsv" IOL-IO-TIME 10 | xargs printf '%.2f')" "$(printf '%.2f' "$ex")" "r5-strided-coll: its stake is awk's exchange"
col "$TMP/c.tsv" IOL-IO-TIME 8 | grep -q "its causes' findings hold [0-9.]* s, $share % of the I/O time, under iotime_cause_pct"
ok $? "r5-strided-coll: the detail says the causes hold $share %"
printf 'iotime_cause_pct = 0\n' >"$TMP/zero.conf"
$RUN triage --config "$TMP/zero.conf" --all --format tsv "$C" >"$TMP/z.tsv" 2>/dev/null
is "$(col "$TMP/z.tsv" IOL-IO-TIME 3)" warn "iotime_cause_pct 0: any cause's time is at stake, IO-TIME warns"

# our own case: a flush per line; its flushes hold under half the STDIO
# time, so with no absolute floor IO-TIME is still no finding
stdio() { # log: STDIO time, flushes beyond a buffer's worth, calls
	$RUN parse "$1" 2>/dev/null | awk '$1 == "STDIO" {
		if ($4 == "STDIO_WRITES" || $4 == "STDIO_READS") c += $5
		if ($4 == "STDIO_FLUSHES") f += $5
		if ($4 == "STDIO_BYTES_WRITTEN") b += $5
		if ($4 == "STDIO_F_WRITE_TIME" || $4 == "STDIO_F_READ_TIME" || $4 == "STDIO_F_META_TIME") t += $5 }
		END { x = f - b / 4096; if (x < 0) x = 0; printf "%.6f %.6f\n", t, t * x / (c + f) }'
}
printf 'min_stake_s = 0\nmin_stake_pct = 0\n' >"$TMP/nofloor.conf"
D=$TOP/t/data/triage-round4
for L in "$D/r4-stdio-log.darshan" "$D"/reruns/r4-stdio-log-*.darshan; do
	b=$(basename "$L" .darshan)
	set -- $(stdio "$L")
	s=$(awk -v t="$1" -v h="$2" 'BEGIN { printf "%.0f", 100 * h / t }')
	ok "$([ "$s" -lt 67 ] && echo 0 || echo 1)" "$b: awk: the flushes beyond a buffer's worth hold $2 s of $1 s, $s %"
	$RUN triage --config "$TMP/nofloor.conf" --all --format tsv "$L" >"$TMP/s.tsv" 2>/dev/null
	is "$(col "$TMP/s.tsv" IOL-IO-TIME 3)" info "$b: no floor, IO-TIME info (main: warn)"
	is "$(col "$TMP/s.tsv" IOL-IO-TIME 10 | xargs printf '%.3f')" "$(printf '%.3f' "$2")" "$b: its stake is awk's $2 s"
done
done_testing
