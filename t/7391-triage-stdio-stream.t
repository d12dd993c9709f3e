#!/bin/sh
# IOL-STDIO-SHARE leaves a buffered stream of large data alone (issue 34,
# round 18): r18-fq-filter reads 127 MB with 1.6 M fgets of 79 B (52
# calls a 4 KiB buffer's worth, 0.6 us a call); its 1 MiB-buffer twin
# was not faster without Darshan, so the 0.5 s main put at stake is
# Darshan's wrapper, nothing a user could save (labelled trivial).  Its
# calls are library calls: at most stdio_stream_calls (64) a buffer's
# worth, at most stdio_libcall_us (1 us) each.  Lines of 42 B (r4's
# fgets, 97 a buffer) and unbuffered 100-B writes (r6, 1.8 us a call)
# stay findings.  The calls and bytes are computed by awk from `iolens
# parse`; the time per call from the STDIO times there.
. "$(dirname "$0")/lib.sh"
col() { # tsv code column
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}
calls() { # log: STDIO calls, calls a 4 KiB buffer, us a call (x100)
	$RUN parse --show-incomplete "$1" 2>/dev/null | awk '$1 == "STDIO" {
		if ($4 == "STDIO_READS" || $4 == "STDIO_WRITES" || $4 == "STDIO_FLUSHES") c += $5
		if ($4 == "STDIO_BYTES_READ" || $4 == "STDIO_BYTES_WRITTEN") b += $5
		if ($4 ~ /^STDIO_F_(READ|WRITE|META)_TIME$/) t += $5 }
		END { printf "%d %d %d\n", c, c / (b / 4096), 100 * t / c * 1e6 }'
}
sev() { # log [args]: STDIO-SHARE's severity
	l=$1
	shift
	$RUN triage "$@" --all --format tsv "$l" >"$TMP/t.tsv" 2>/dev/null
	col "$TMP/t.tsv" IOL-STDIO-SHARE 3
}

F=$TOP/t/data/triage-round18/r18-fq-filter.darshan
set -- $(calls "$F")
ok "$([ "$2" -le 64 ] && [ "$3" -le 100 ] && echo 0 || echo 1)" "r18-fq-filter: awk: $1 calls, $2 a buffer's worth, $3/100 us a call"
is "$(sev "$F")" info "r18-fq-filter: STDIO-SHARE info (main: warn, 0.509 s)"
col "$TMP/t.tsv" IOL-STDIO-SHARE 8 | grep -q "in $1 calls, 0.988 s STDIO a rank: a buffered stream (stdio_stream_calls, stdio_libcall_us), its calls library calls, nothing to save"
ok $? "r18-fq-filter: the detail says why"
printf 'stdio_stream_calls = 0\n' >"$TMP/zero.conf"
is "$(sev "$F" --config "$TMP/zero.conf")" warn "stdio_stream_calls 0: no stream exempt, r18-fq-filter warns"
printf 'stdio_libcall_us = 0.5\n' >"$TMP/half.conf"
is "$(sev "$F" --config "$TMP/half.conf")" warn "stdio_libcall_us 0.5: its 0.6-us calls are a cost"
# the material ones stay: 42-B lines, unbuffered writes, fscanf, fprintf
for l in round4/r4-stdio-fgets round6/r6-stdio-unbuf round11/r11-fscanf-50m round18/r18-dump-text; do
	set -- $(calls "$TOP/t/data/triage-$l.darshan")
	ok "$([ "$2" -gt 64 ] || [ "$3" -gt 100 ] && echo 0 || echo 1)" "${l#*/}: awk: $2 calls a buffer's worth or $3/100 us a call is beyond"
	is "$(sev "$TOP/t/data/triage-$l.darshan")" warn "${l#*/}: STDIO-SHARE warns"
done
done_testing
