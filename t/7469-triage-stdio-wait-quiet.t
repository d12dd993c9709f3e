#!/bin/sh
# STDIO's small requests are staked whole only when they wait for the
# device (issue 34, round 42; t/7465): at least stdio_wait_us (1000 us)
# a request on the slowest rank, and every data call a request of its
# own.  A buffered STDIO job on fast storage stays as it was: its stake
# is its measured time, not a count of small calls.  r7-applog-batch
# (4 ranks, a 43-B line a call, a flush per 100 lines into the page
# cache, labelled trivial) stays quiet; r7-applog-line and r4-stdio-log
# (a flush a line into the page cache, 12 and 5 us a flush) keep the
# flushes' share of the calls, and IO-TIME stays below the floor on
# r7-applog-line (labelled trivial: the flushes hold 64 % of the I/O);
# r36-halodiag-flush (8 lines a flush, on a sync mount) keeps the
# calls' share too (IO-TIME labelled trivial, 65 %).  With stdio_wait_us
# at 1 us the page-cache flushes would be staked whole: the gate decides.
. "$(dirname "$0")/lib.sh"
col() { # tsv code column
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}
tri() { # log [args]: the tsv in $TMP/t.tsv
	l=$1
	shift
	$RUN triage "$@" --all --format tsv "$l" >"$TMP/t.tsv" 2>/dev/null
}
# microseconds a request on the slowest rank: STDIO time over its
# requests (a flush each, or a 4 KiB buffer's worth when more), by awk
# from `iolens parse`
us() {
	$RUN parse --show-incomplete "$1" 2>/dev/null | awk '$1 == "STDIO" {
		if ($4 == "STDIO_FLUSHES") f += $5
		if ($4 == "STDIO_BYTES_WRITTEN") b += $5
		if ($4 == "STDIO_F_WRITE_TIME" || $4 == "STDIO_F_READ_TIME") t[$2] += $5 }
		END { for (r in t) if (t[r] > m) m = t[r]; n = 0; for (r in t) n++
		      q = f > b / 4096 ? f : b / 4096; printf "%d\n", m * n / q * 1e6 }'
}
warns() { # the warn and high codes of $TMP/t.tsv
	awk -F'\t' '$3 == "warn" || $3 == "high" { print $2 }' "$TMP/t.tsv" | tr '\n' ' '
}
R=$TOP/t/data

F=$R/triage-round7/r7-applog-batch.darshan
ok "$(us "$F" | awk '{ print !($1 < 1000) }')" "r7-applog-batch: awk: $(us "$F") us a request, under stdio_wait_us"
tri "$F"
is "$(warns)" "" "r7-applog-batch: no finding (STDIO-SHARE labelled trivial)"
col "$TMP/t.tsv" IOL-STDIO-SHARE 8 | grep -q "buffered, its calls are library calls; 0 s at stake"
ok $? "r7-applog-batch: buffered, 0 s at stake"

F=$R/triage-round7/r7-applog-line.darshan
ok "$(us "$F" | awk '{ print !($1 < 1000) }')" "r7-applog-line: awk: $(us "$F") us a flush, under stdio_wait_us"
tri "$F"
is "$(col "$TMP/t.tsv" IOL-STDIO-SHARE 3)" warn "r7-applog-line: STDIO-SHARE warns (labelled material)"
ok "$(col "$TMP/t.tsv" IOL-STDIO-SHARE 10 | awk '{ print !($1 < 0.7) }')" "r7-applog-line: the flushes' share of the calls, under 0.7 s (labelled 0.78)"
is "$(col "$TMP/t.tsv" IOL-IO-TIME 3)" info "r7-applog-line: IO-TIME below the floor (labelled trivial)"
printf 'stdio_wait_us = 1\n' >"$TMP/one.conf"
tri "$F" --config "$TMP/one.conf"
is "$(col "$TMP/t.tsv" IOL-IO-TIME 3)" warn "stdio_wait_us 1: r7-applog-line's flushes staked whole, IO-TIME warns"

F=$R/triage-round4/r4-stdio-log.darshan
ok "$(us "$F" | awk '{ print !($1 < 1000) }')" "r4-stdio-log: awk: $(us "$F") us a flush, under stdio_wait_us"
tri "$F"
col "$TMP/t.tsv" IOL-STDIO-SHARE 8 | grep -q "the flushes beyond are a system call each, their share of the calls at stake"
ok $? "r4-stdio-log: the flushes' share of the calls"

F=$R/triage-round36/r36-halodiag-flush.darshan
tri "$F"
is "$(col "$TMP/t.tsv" IOL-STDIO-SHARE 3)" warn "r36-halodiag-flush: STDIO-SHARE warns (labelled material)"
is "$(col "$TMP/t.tsv" IOL-IO-TIME 3)" info "r36-halodiag-flush: 8 lines a flush, IO-TIME below the floor (labelled trivial)"

F=$R/triage-round6/r6-stdio-buf.darshan
tri "$F"
is "$(col "$TMP/t.tsv" IOL-STDIO-SHARE 3)" info "r6-stdio-buf: a buffered stream, info (labelled trivial)"
done_testing
