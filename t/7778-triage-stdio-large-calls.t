#!/bin/sh
# STDIO calls far larger than a buffer are no small requests waiting for
# the device (issue 34, rounds 180 and 186): glibc hands them straight
# to write(2), and at a slow device their time is their bytes'.
# r186-nbody: each rank fwrites its snapshot in calls of 265 KB on
# average, 1.10 s a rank at the throttled device's 32 MiB/s; r180-cfd:
# 2 MiB slabs beside a header (298 KB on average).  Both were staked as
# small requests (each under 1 MiB) and warned; labelled trivial.
# stdio_small_req() now asks requests under 16 buffers' worth
# (stdio_call_bytes): they are info, "calls of at least stdio_call_bytes
# go straight to read and write", while r42-ckpt-stdio's 4096-B calls on
# a sync mount, 3 ms each (labelled material), stay a finding.  Truths
# by awk over `iolens parse`: STDIO bytes over STDIO calls.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data
per_call() { # log: STDIO bytes read and written over STDIO reads and writes
	$RUN parse "$1" 2>/dev/null | awk '
		$1 == "STDIO" && ($4 == "STDIO_BYTES_READ" || $4 == "STDIO_BYTES_WRITTEN") { b += $5 }
		$1 == "STDIO" && ($4 == "STDIO_READS" || $4 == "STDIO_WRITES") { n += $5 }
		END { printf "%.0f\n", (n > 0 ? b / n : 0) }'
}
sev() { # log: IOL-STDIO-SHARE's severity
	$RUN triage --format tsv "$1" 2>/dev/null |
		awk -F'\t' '$2 == "IOL-STDIO-SHARE" { print $3 }'
}
for x in "186/r186-nbody 200000" "180/r180-cfd 200000"; do
	set -- $x
	f=$D/triage-round${1%%/*}/${1#*/}.darshan
	b=$(basename "$f")
	u=$(per_call "$f")
	ok "$([ "$u" -ge "$2" ] && echo 0 || echo 1)" "$b: awk: $u B a STDIO call"
	is "$(sev "$f")" info "$b: STDIO-SHARE info: large calls go straight to write(2)"
done
f=$D/triage-round42/r42-ckpt-stdio.darshan
is "$(per_call "$f")" 4096 "r42-ckpt-stdio: awk: 4096 B a STDIO call"
is "$(sev "$f")" warn "r42-ckpt-stdio: buffer-sized requests that wait stay a finding"
done_testing
