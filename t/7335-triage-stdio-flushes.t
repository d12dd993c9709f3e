#!/bin/sh
# IOL-STDIO-SHARE stakes bulk STDIO data by what its flushes cost (issue
# 34, round 7): a buffered stream makes one system call a buffer
# (stdio_call_bytes) of bytes written, its calls are library calls; the
# flushes beyond a buffer's worth are a system call each, at stake their
# share of the stream's calls and flushes times its STDIO time.  main
# staked the whole STDIO time: it warned on r7-applog-batch (a flush per
# 100 lines, labelled trivial) and gave r7-applog-line's IO-TIME the
# whole 1.23 s.  The truth is computed by awk from `iolens parse`:
# STDIO's writes, flushes, bytes written and the slowest rank's time
# (each rank its own record).  Our own cases: r4-stdio-log and its
# reruns (a flush per line, one process); the store keeps stdio_flushes.
. "$(dirname "$0")/lib.sh"
col() { # tsv code column
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}
stdio() { # log: flushes, buffers' worth, slowest rank's time, its stake;
	# with no flush, the stake of the calls beyond one a buffer's worth of
	# all bytes (t/7363), no more than the time beyond the bytes at
	# 256 MiB/s, write_rate_mibs and read_rate_mibs (t/7373)
	$RUN parse "$1" 2>/dev/null | awk '$1 == "STDIO" {
		if ($4 == "STDIO_WRITES" || $4 == "STDIO_READS") c += $5
		if ($4 == "STDIO_FLUSHES") f += $5
		if ($4 == "STDIO_BYTES_WRITTEN") b += $5
		if ($4 == "STDIO_BYTES_READ") br += $5
		if ($4 == "STDIO_F_WRITE_TIME" || $4 == "STDIO_F_READ_TIME" || $4 == "STDIO_F_META_TIME") t[$2] += $5 }
		END { for (r in t) if (t[r] > m) m = t[r]
		      x = f - b / 4096; if (x < 0) x = 0
		      y = c - (b + br) / 4096; if (y < 0) y = 0
		      s = c > 0 ? m * y / c : 0
		      p = m - (b + br) / 1048576 / 256; if (p < 0) p = 0
		      if (s > p) s = p
		      printf "%d %d %.6f %.6f %.6f\n", f, b / 4096, m, m * x / (c + f), s }'
}
D=$TOP/t/data/triage-round7
set -- $(stdio "$D/r7-applog-batch.darshan")
ok "$([ "$1" -le "$2" ] && echo 0 || echo 1)" "r7-applog-batch: awk: $1 flushes, no more than the $2 buffers its bytes fill"
$RUN triage --all --format tsv "$D/r7-applog-batch.darshan" >"$TMP/b.tsv" 2>/dev/null
is "$(col "$TMP/b.tsv" IOL-STDIO-SHARE 3)" info "r7-applog-batch: STDIO-SHARE info (main: warn)"
is "$(col "$TMP/b.tsv" IOL-STDIO-SHARE 10)" 0 "r7-applog-batch: nothing at stake"
col "$TMP/b.tsv" IOL-STDIO-SHARE 8 | grep -q "; $1 flushes, $2 a buffer's worth of bytes written (stdio_call_bytes) would make: buffered, its calls are library calls"
ok $? "r7-applog-batch: the detail says why"
set -- $(stdio "$D/r7-applog-line.darshan")
ok "$([ "$1" -gt "$2" ] && echo 0 || echo 1)" "r7-applog-line: awk: $1 flushes beyond the $2 buffers, stake $4 s of $3 s"
$RUN triage --all --format tsv "$D/r7-applog-line.darshan" >"$TMP/l.tsv" 2>/dev/null
is "$(col "$TMP/l.tsv" IOL-STDIO-SHARE 3)" warn "r7-applog-line: STDIO-SHARE warns (structural)"
is "$(col "$TMP/l.tsv" IOL-STDIO-SHARE 10 | xargs printf '%.3f')" "$(printf '%.3f' "$4")" "r7-applog-line: the stake is awk's $4 s, not $3 s"
is "$(col "$TMP/l.tsv" IOL-IO-TIME 3)" info "r7-applog-line: IO-TIME info (main: warn)"
# r6's twins have no flush counted: the time of the calls beyond one a
# buffer's worth of bytes stays at stake (nearly the whole: small calls),
# less the bytes' own time (with no stream exempt: r6-stdio-buf's
# 0.65-us calls are a buffered stream's, t/7391)
printf 'stdio_stream_calls = 0\n' >"$TMP/nostream.conf"
for t in unbuf buf; do
	L=$TOP/t/data/triage-round6/r6-stdio-$t.darshan
	set -- $(stdio "$L")
	$RUN triage --all --format tsv --config "$TMP/nostream.conf" "$L" >"$TMP/r6.tsv" 2>/dev/null
	is "$1 $(col "$TMP/r6.tsv" IOL-STDIO-SHARE 10 | xargs printf '%.3f')" "0 $(printf '%.3f' "$5")" "r6-stdio-$t: awk: no flush; $5 s of $3 s at stake"
done
# our own cases: a flush per line of one process
R=$TOP/t/data/triage-round4
for L in "$R/r4-stdio-log.darshan" "$R"/reruns/r4-stdio-log-*.darshan; do
	b=$(basename "$L" .darshan)
	set -- $(stdio "$L")
	$RUN triage --all --format tsv "$L" >"$TMP/s.tsv" 2>/dev/null
	is "$(col "$TMP/s.tsv" IOL-STDIO-SHARE 3)" warn "$b: STDIO-SHARE warns"
	is "$(col "$TMP/s.tsv" IOL-STDIO-SHARE 10 | xargs printf '%.3f')" "$(printf '%.3f' "$4")" "$b: awk: $1 flushes beyond $2 buffers, stake $4 s of $3 s"
done
if command -v sqlite3 >/dev/null; then
	$RUN ingest --db "$TMP/p.db" "$D/r7-applog-line.darshan" "$D/r7-applog-batch.darshan" >/dev/null 2>&1
	for t in line batch; do
		set -- $(stdio "$D/r7-applog-$t.darshan")
		is "$(sqlite3 "$TMP/p.db" "SELECT stdio_flushes FROM jobs WHERE log LIKE '%applog-$t%'")" "$1" "the store: r7-applog-$t's stdio_flushes is awk's $1"
	done
	$RUN triage --db "$TMP/p.db" --top all --format tsv >"$TMP/d.tsv" 2>/dev/null
	is "$(awk -F'\t' '$7 ~ /applog-/ { sub(/.*applog-/, "", $7); print $7 ":" $12 }' "$TMP/d.tsv")" "line.darshan:IOL-STDIO-SHARE" "triage --db: applog-line flagged for STDIO-SHARE alone, applog-batch not flagged"
else
	skip "sqlite3 is not installed" 3
fi
done_testing
