#!/bin/sh
# IOL-STDIO-SHARE stakes the calls beyond one a buffer's worth of bytes
# (stdio_call_bytes, 4096 B): those are what small calls cost, the rest
# calls as large as a buffer would make anyway.  main judged by the mean
# size alone: r12-fread-4k reads 1 GiB in 262144 freads of exactly
# 4096 B, and its two 34-B writes to stderr brought the mean to 4095.98 B,
# so the whole 1.89 s of STDIO was at stake (warn, and IO-TIME after it;
# labelled trivial: the 4 MiB twin was no faster).  The truth is awk's
# over `iolens parse`: STDIO's reads, writes and flushes, its bytes, and
# the calls beyond bytes / 4096.
. "$(dirname "$0")/lib.sh"
col() { # tsv code column
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}
beyond() { # log: STDIO calls, and the calls beyond one per 4096 B
	$RUN parse --show-incomplete "$1" 2>/dev/null | awk '$1 == "STDIO" {
		if ($4 == "STDIO_READS" || $4 == "STDIO_WRITES" || $4 == "STDIO_FLUSHES") c += $5
		if ($4 == "STDIO_BYTES_READ" || $4 == "STDIO_BYTES_WRITTEN") b += $5 }
		END { e = c - b / 4096; printf "%d %.0f\n", c, (e > 0 ? e : 0) }'
}
tri() { $RUN triage --all --format tsv "$1" >"$TMP/t.tsv" 2>/dev/null; }

L=$TOP/t/data/triage-round12/r12-fread-4k.darshan
set -- $(beyond "$L")
is "$1 $2" "262146 2" "r12-fread-4k: awk: 262146 STDIO calls, 2 beyond one per 4096 B"
tri "$L"
is "$(col "$TMP/t.tsv" IOL-STDIO-SHARE 3) $(col "$TMP/t.tsv" IOL-IO-TIME 3)" "info info" \
	"r12-fread-4k: STDIO-SHARE and IO-TIME info (main: warn warn)"
col "$TMP/t.tsv" IOL-STDIO-SHARE 8 | grep -q "in $1 calls ($2 beyond one a buffer's worth of bytes"
ok $? "... its detail counts the $2 calls beyond"

# small calls are still the cost: a line a call, flushed each (round 7)
L=$TOP/t/data/triage-round7/r7-applog-line.darshan
set -- $(beyond "$L")
ok "$([ "$2" -gt 0 ] && [ $(($2 * 100)) -ge $(($1 * 95)) ] && echo 0 || echo 1)" \
	"r7-applog-line: awk: $2 of $1 calls beyond one per 4096 B"
tri "$L"
is "$(col "$TMP/t.tsv" IOL-STDIO-SHARE 3)" warn "r7-applog-line: STDIO-SHARE still warn"
# and a 44 KB log that took a rank 113 s: little data, much time
L=$SHARED/corpus/darshan-logs/imbalanced-io/imbalanced-io.darshan
if [ -f "$L" ]; then
	tri "$L"
	is "$(col "$TMP/t.tsv" IOL-STDIO-SHARE 3)" warn "imbalanced-io: STDIO-SHARE still warn"
else
	skip "../shared is not present" 1
fi
done_testing
