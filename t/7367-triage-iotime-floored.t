#!/bin/sh
# IOL-IO-TIME when the only patterns found have nothing material to
# save (issue 34, round 11): a cause under the impact floor holds no
# time, and the detail names it rather than saying that no cause fired
# (main: "no cause fired: the requests look well formed" of
# r11-rand-pread, whose small sparse reads are SMALL-REQ's pattern, and
# IO-TIME warn with the whole 2.24 s at stake; labelled trivial).  A
# small-request finding holds for IO-TIME its stake and the time its
# sparse reads spend in the span's gaps (the span less their bytes at
# 256 MiB/s): not at stake, yet not bytes the job moved (round 4's
# rand-read: IO-TIME labelled material, "same root cause as
# SMALL-REQ").  The truth is awk's over `iolens parse`: read and write
# time, bytes read, highest byte read.  Our own case: 10000 random 2 KiB
# preads over 640 MiB in 3 s (t/data/triage-trace-gen.awk, `iolens
# convert`).
. "$(dirname "$0")/lib.sh"
col() { # tsv code column
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}
# log (one file of small requests): IO-TIME's cause by awk, SMALL-REQ's
# stake plus the gaps' time, and the run's I/O time
cause() {
	$RUN parse --show-incomplete "$1" 2>/dev/null | awk '$1 == "POSIX" {
		if ($4 == "POSIX_BYTES_READ") b += $5
		if ($4 == "POSIX_MAX_BYTE_READ") e += $5 + 1
		if ($4 == "POSIX_F_READ_TIME") r += $5
		if ($4 == "POSIX_F_WRITE_TIME") w += $5 }
		END { m = 1048576 * 256; k = 0; g = 0
		      if (b <= e / 2) { k = e / m; if (k > r) k = r; g = k - b / m; if (g < 0) g = 0 }
		      printf "%.3f %.3f\n", r + w - k + g, r + w }'
}
tri() { $RUN triage --all --format tsv "$1" >"$TMP/t.tsv" 2>/dev/null; }

L=$TOP/t/data/triage-round11/r11-rand-pread.darshan
tri "$L"
is "$(col "$TMP/t.tsv" IOL-SMALL-REQ 3) $(col "$TMP/t.tsv" IOL-IO-TIME 3)" "info info" \
	"r11-rand-pread: SMALL-REQ and IO-TIME info (main: warn warn)"
col "$TMP/t.tsv" IOL-IO-TIME 8 | grep -q "the patterns found have nothing material to save (IOL-SMALL-REQ: below the impact floor)"
ok $? "... IO-TIME names the cause below the floor (main: no cause fired)"

L=$TOP/t/data/triage-round4/r4-rand-read.darshan
set -- $(cause "$L")
tri "$L"
is "$(col "$TMP/t.tsv" IOL-IO-TIME 3) $(printf '%.3f' "$(col "$TMP/t.tsv" IOL-IO-TIME 10)")" "warn $1" \
	"r4-rand-read: IO-TIME warn, its cause $1 s of $2 s (awk; main: the whole time)"

awk -f "$TOP/t/data/triage-trace-gen.awk" r.dat:rand:10000:2048:671088640:0.0003 >"$TMP/r.trace"
$RUN convert -o "$TMP/r.darshan" "$TMP/r.trace" 2>/dev/null
set -- $(cause "$TMP/r.darshan")
tri "$TMP/r.darshan"
is "$(col "$TMP/t.tsv" IOL-IO-TIME 3) $(printf '%.3f' "$(col "$TMP/t.tsv" IOL-IO-TIME 10)")" "warn $1" \
	"own random 2 KiB reads: IO-TIME warn, its cause $1 s of $2 s (awk)"
done_testing
