#!/bin/sh
# IOL-STDIO-SHARE staked small STDIO calls by their share of the COUNT
# of STDIO's time (issue 34): round 13's appendbuf reruns, 100000 fwrites
# of 100 B through a 64 KiB buffer (10 MB in 0.031 s: the fix the
# labeller measured for append-100b's write(2) per record), were said to
# hold 0.03 s, 13 % of the run, and warned.  Calls as large as a buffer
# move the same bytes: what they save is at most STDIO's time less its
# bytes at a large request's pace (write_rate_mibs, 256 MiB/s, for a
# writer).  The truth is awk's over `iolens parse`.
. "$(dirname "$0")/lib.sh"
col() { # tsv code column
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}
tri() { $RUN triage --all --format tsv "$@" >"$TMP/t.tsv" 2>/dev/null; }
# STDIO's write time less its bytes written at 256 MiB/s (0 when less)
beyond() {
	$RUN parse "$1" 2>/dev/null | awk '
	$1 == "STDIO" && $4 == "STDIO_F_WRITE_TIME" { t += $5 }
	$1 == "STDIO" && $4 == "STDIO_BYTES_WRITTEN" { b += $5 }
	END { x = t - b / 1048576 / 256; printf "%.4f\n", (x > 0 ? x : 0) }'
}

R=$TOP/t/data/triage-round13/reruns
for k in ab1 ab3; do
	L=$R/r13-appendbuf-$k.darshan
	want=$(beyond "$L")
	tri "$L"
	s=$(col "$TMP/t.tsv" IOL-STDIO-SHARE 10)
	awk -v s="$s" -v w="$want" 'BEGIN { exit !(s <= w + 0.0005) }'
	ok $? "appendbuf-$k: STDIO-SHARE's stake $s s, within STDIO's time beyond its bytes at 256 MiB/s ($want s, awk)"
	[ "$(col "$TMP/t.tsv" IOL-STDIO-SHARE 3)" != warn ]
	ok $? "... not warned (main: warn, 0.03 s by the calls' share)"
done
# no pace: the calls' share of the time, as before (no stream exempt:
# appendbuf's 100-B fwrites are a buffered stream's library calls, t/7391)
printf 'write_rate_mibs = 0\nstdio_stream_calls = 0\n' >"$TMP/zero.conf"
tri --config "$TMP/zero.conf" "$R/r13-appendbuf-ab1.darshan"
is "$(col "$TMP/t.tsv" IOL-STDIO-SHARE 3)" warn "appendbuf-ab1, write_rate_mibs = 0: STDIO-SHARE warn"
# a write(2) per record through an unbuffered FILE still costs (labelled
# material, 0.22 s against the buffered twin)
L=$TOP/t/data/triage-round6/r6-stdio-unbuf.darshan
tri "$L"
is "$(col "$TMP/t.tsv" IOL-STDIO-SHARE 3)" warn "r6-stdio-unbuf: STDIO-SHARE warn ($(beyond "$L") s beyond the bytes, awk)"
done_testing
