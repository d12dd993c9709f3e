#!/bin/sh
# IOL-SMALL-REQ's writeback exemption needs writes that waited for the
# device a call (issue 34, round 22): r22-dd-512 writes 64 MiB in 131072
# writes of 512 B at 135 MiB/s, a pace within writeback_pace_pct of
# write_rate_mibs, but 3.6 us a call, a system call's cost: the calls,
# not the device (its bs=4M twin wrote the same 64 MiB in 0.03-0.13 s;
# SMALL-REQ labelled material, 0.6 s, 80 % of the run; main: info, the
# writes "at a disk's pace").  Writes under a page, or under
# writeback_call_us (10) a call, are not exempt; r16-write4k (4 KiB, 26
# us a call) stays exempt (t/7398).  Size and time a call by awk.
. "$(dirname "$0")/lib.sh"
col() { # tsv code column
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}
tri() { # log [args]: the tsv of every rule
	g=$1
	shift
	$RUN triage "$@" --all --format tsv "$g" >"$TMP/t.tsv" 2>/dev/null
}
percall() { # log: bytes a write, microseconds a write (one process)
	$RUN parse "$1" 2>/dev/null | awk '
		$1 == "POSIX" && $4 == "POSIX_BYTES_WRITTEN" { b += $5 }
		$1 == "POSIX" && $4 == "POSIX_WRITES" { w += $5 }
		$1 == "POSIX" && $4 == "POSIX_F_WRITE_TIME" { t += $5 }
		END { if (w > 0) printf "%d %d\n", b / w, t / w * 1e6 }'
}

D=$TOP/t/data/triage-round22/r22-dd-512.darshan
set -- $(percall "$D")
ok "$([ "${1:-0}" -eq 512 ] && [ "${2:-99}" -lt 10 ] && echo 0 || echo 1)" "r22-dd-512: awk: ${1:-?} B, ${2:-?} us a write"
tri "$D"
is "$(col "$TMP/t.tsv" IOL-SMALL-REQ 3)" warn "r22-dd-512: SMALL-REQ warns (main: info, writes at a disk's pace)"
col "$TMP/t.tsv" IOL-SMALL-REQ 8 | grep -q "writeback_pace_pct"
ok "$([ $? -ne 0 ] && echo 0 || echo 1)" "r22-dd-512: no writeback clause in the detail"
printf 'writeback_call_us = 0\n' >"$TMP/zero.conf"
tri "$D" --config "$TMP/zero.conf"
is "$(col "$TMP/t.tsv" IOL-SMALL-REQ 3)" info "writeback_call_us 0: the pace alone decides, r22-dd-512 exempt"
W=$TOP/t/data/triage-round16/r16-write4k.darshan
set -- $(percall "$W")
ok "$([ "${1:-0}" -eq 4096 ] && [ "${2:-0}" -ge 10 ] && echo 0 || echo 1)" "r16-write4k: awk: ${1:-?} B, ${2:-?} us a write"
printf 'writeback_call_us = 40\n' >"$TMP/slow.conf"
tri "$W" --config "$TMP/slow.conf"
is "$(col "$TMP/t.tsv" IOL-SMALL-REQ 3)" warn "writeback_call_us 40: r16-write4k's 26 us a call count as calls, warns"
done_testing
