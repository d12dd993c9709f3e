#!/bin/sh
# IOL-STDIO-SHARE times a buffered stream's calls without its opens and
# closes (issue 34, round 13).  r13-appendbuf: one fopen, 100000 fputs of
# 100 B; its three identical reruns took 0.30, 1.07 and 0.30 us a call
# counting STDIO_F_META_TIME, so the middle one crossed stdio_libcall_us
# (1 us) and warned "0.0693 s at stake" while the others were "a
# buffered stream ... nothing to save".  Its fopen and fclose took 0.036
# s of its 0.107 s; its data calls 0.71 us each.  The truth is computed
# by awk from `iolens parse`: the data calls' time (STDIO_F_READ_TIME +
# STDIO_F_WRITE_TIME) over the calls, and the same with the metadata.
# Where the calls themselves are slow the rule is unchanged:
# r6-stdio-unbuf (unbuffered, a write(2) a call) stays judged.
. "$(dirname "$0")/lib.sh"
col() { tsv_col "$1" "$2" "$3"; }
usec() { # log: us a STDIO data call with the metadata, and without
	$RUN parse "$1" | awk -F'\t' '
	$4 == "STDIO_READS" || $4 == "STDIO_WRITES" || $4 == "STDIO_FLUSHES" { n += $5 }
	$4 == "STDIO_F_READ_TIME" || $4 == "STDIO_F_WRITE_TIME" { d += $5 }
	$4 == "STDIO_F_META_TIME" { m += $5 }
	END { printf "%.2f %.2f\n", n ? (d + m) / n * 1e6 : 0, n ? d / n * 1e6 : 0 }'
}
D=$TOP/t/data/triage-round13/reruns
for r in ab1 ab2 ab3; do
	L=$D/r13-appendbuf-$r.darshan
	set -- $(usec "$L")
	ok "$(awk -v d="$2" 'BEGIN { exit !(d <= 1) }'; echo $?)" \
		"appendbuf-$r by awk: ${2} us a data call (${1} with the metadata)"
	$RUN triage --all --format tsv "$L" >"$TMP/$r.tsv" 2>/dev/null
	is "$(col "$TMP/$r.tsv" IOL-STDIO-SHARE 3)" info "appendbuf-$r: STDIO-SHARE info"
	col "$TMP/$r.tsv" IOL-STDIO-SHARE 8 | grep -q "a buffered stream (stdio_stream_calls, stdio_libcall_us)"
	ok $? "appendbuf-$r: a buffered stream, nothing to save"
done
set -- $(usec "$D/r13-appendbuf-ab2.darshan")
ok "$(awk -v w="$1" 'BEGIN { exit !(w > 1) }'; echo $?)" \
	"appendbuf-ab2 with its opens and closes: ${1} us a call, over stdio_libcall_us"
U=$TOP/t/data/triage-round6/r6-stdio-unbuf.darshan
set -- $(usec "$U")
ok "$(awk -v d="$2" 'BEGIN { exit !(d > 1) }'; echo $?)" \
	"r6-stdio-unbuf by awk: ${2} us a data call, over stdio_libcall_us"
$RUN triage --all --format tsv "$U" >"$TMP/u.tsv" 2>/dev/null
col "$TMP/u.tsv" IOL-STDIO-SHARE 8 | grep -q "buffered stream"
ok "$((1 - $?))" "r6-stdio-unbuf stays judged: no buffered stream"
done_testing
