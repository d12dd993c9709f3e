#!/bin/sh
# IOL-STDIO-SHARE stakes STDIO writes that reach the file system as small
# requests waiting for the device (issue 34, round 42).  r42-ckpt-stdio:
# 4 ranks copy a checkpoint to a sync mount in fwrite calls of exactly
# 4096 B (a buffer's worth: each is its own 4 KiB write(2), which Darshan
# records under STDIO only), 12.5 s of STDIO a rank, where its POSIX twin
# (r42-ckpt-posix, 1 MiB writes) took 0.98 s.  Main took calls of a
# buffer's worth as free (0.000757 s at stake); every data call here is
# a request of its own, of 3 ms on average (at least stdio_wait_us, 1000
# us), so the STDIO time beyond the bytes at 256 MiB/s (assumed) is at
# stake, and IO-TIME is the same cause.  The counters are read by awk
# from `iolens parse`.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data/triage-round42
col() { # tsv code column
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}
tri() { # log [args]: the tsv in $TMP/t.tsv
	l=$1
	shift
	$RUN triage "$@" --all --format tsv "$l" >"$TMP/t.tsv" 2>/dev/null
}
# STDIO calls (reads, writes), flushes, bytes, and the /mnt/ck records'
# bytes a write
counts() {
	$RUN parse --show-incomplete "$1" 2>/dev/null | awk '$1 == "STDIO" {
		if ($4 == "STDIO_READS" || $4 == "STDIO_WRITES") c += $5
		if ($4 == "STDIO_FLUSHES") f += $5
		if ($4 == "STDIO_BYTES_READ" || $4 == "STDIO_BYTES_WRITTEN") b += $5
		if ($4 == "STDIO_WRITES" && $6 ~ /mnt\/ck/) w += $5
		if ($4 == "STDIO_BYTES_WRITTEN" && $6 ~ /mnt\/ck/) wb += $5 }
		END { printf "%d %d %d %d\n", c, f, b, w ? wb / w : 0 }'
}

F=$D/r42-ckpt-stdio.darshan
set -- $(counts "$F")
is "$1 $2 $4" "16385 0 4096" "r42-ckpt-stdio: awk: 16385 calls, no flush, 4096 B a checkpoint write"
tri "$F"
is "$(col "$TMP/t.tsv" IOL-STDIO-SHARE 3)" warn "r42-ckpt-stdio: STDIO-SHARE warns (main: below the floor, 0.000757 s)"
col "$TMP/t.tsv" IOL-STDIO-SHARE 8 | grep -q "in 16385 calls (16384 requests of 4096 B, [0-9.]* ms each: small requests that wait for the device, stdio_wait_us; the time beyond the bytes at 256 MiB/s, assumed, at stake)"
ok $? "r42-ckpt-stdio: the detail counts the requests and says the pace is assumed"
ok "$(col "$TMP/t.tsv" IOL-STDIO-SHARE 10 | awk '{ print !($1 > 10 && $1 < 12.52) }')" \
	"r42-ckpt-stdio: stake over 10 s (labelled 11.53 s), under the STDIO time"
col "$TMP/t.tsv" IOL-STDIO-SHARE 9 | grep -q "setvbuf"
ok $? "r42-ckpt-stdio: the advice is a larger buffer, fewer flushes or 1 MiB writes"
is "$(col "$TMP/t.tsv" IOL-IO-TIME 3)" warn "r42-ckpt-stdio: IO-TIME warns, the same cause (labelled material)"
is "$(col "$TMP/t.tsv" IOL-SMALL-REQ 3)" ok "r42-ckpt-stdio: SMALL-REQ stays ok (its POSIX writes are 1 MiB; labelled false)"
# the twin through POSIX 1 MiB writes has nothing
tri "$D/r42-ckpt-posix.darshan"
is "$(awk -F'\t' '$3 == "warn" || $3 == "high" { print $2 }' "$TMP/t.tsv")" "" "r42-ckpt-posix: no finding (labelled NONE)"
# the switch: off, or a wait above its 3 ms a request, and main's stake is back
printf 'stdio_wait_us = 0\n' >"$TMP/off.conf"
tri "$F" --config "$TMP/off.conf"
is "$(col "$TMP/t.tsv" IOL-STDIO-SHARE 3)" info "stdio_wait_us 0: r42-ckpt-stdio's calls of a buffer's worth are free again (below the floor)"
printf 'stdio_wait_us = 4000\n' >"$TMP/slow.conf"
tri "$F" --config "$TMP/slow.conf"
is "$(col "$TMP/t.tsv" IOL-STDIO-SHARE 3)" info "stdio_wait_us 4000: 3 ms a request is not waiting (below the floor)"
# a flushed line each: r42-diag-shared (97 B a flush, 15 ms), stake all its time
G=$D/r42-diag-shared.darshan
set -- $(counts "$G")
is "$1 $2" "3201 3200" "r42-diag-shared: awk: 3201 writes (one a line, one to stdout), 3200 flushes"
tri "$G" --config "$TMP/slow.conf"
is "$(col "$TMP/t.tsv" IOL-STDIO-SHARE 3)" warn "r42-diag-shared: STDIO-SHARE warns"
ok "$(col "$TMP/t.tsv" IOL-STDIO-SHARE 10 | awk '{ print !($1 > 5.5) }')" \
	"r42-diag-shared: stake over 5.5 s (labelled 5.60 s; main 2.99 s)"
is "$(col "$TMP/t.tsv" IOL-IO-TIME 3)" warn "r42-diag-shared: IO-TIME warns, the same cause (labelled material)"
done_testing
