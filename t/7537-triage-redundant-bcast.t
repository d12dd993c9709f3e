#!/bin/sh
# IOL-REDUNDANT on a file every rank read whole, once each (issue 34,
# round 57).  No rank re-reads it, so it is no structural pattern; but
# each rank's pass is the device's time again.  r57-allread: 4 ranks
# each read a 64 MiB input from a throttled tier (one shared record,
# BYTES_READ 4 x the file); reading once and broadcasting saved 1.6-2.1
# s of the run (labelled material, 1.8 s); main said "0 B moved again".
# The stake is the fastest rank's time on the file less 1/N of it,
# judged by both impact floors: r16-readall16 (16 ranks, the page cache
# serving all but the first reader: fastest 0.132 s) and r11-all-read
# (0.52 s) stay below them, as labelled (trivial, false).  The truth is
# awk's over `iolens parse`; no timing of this machine is measured.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data
col() { tsv_col "$TMP/t.tsv" "$1" "$2"; }
# log: the fastest rank's time on the shared records every rank read
# whole (bytes read at least nprocs x (highest byte + 1)), less 1/N
truth() {
	$RUN parse "$1" 2>/dev/null | awk '
		/^# nprocs:/ { np = $3 }
		$1 == "POSIX" && $2 == -1 { k = $3
			if ($4 == "POSIX_BYTES_READ") br[k] = $5
			if ($4 == "POSIX_BYTES_WRITTEN") bw[k] = $5
			if ($4 == "POSIX_MAX_BYTE_READ") mr[k] = $5
			if ($4 == "POSIX_F_FASTEST_RANK_TIME") ft[k] = $5 }
		END { for (k in br) if (bw[k] == 0 && br[k] >= np * (mr[k] + 1))
				s += ft[k] * (1 - 1 / np)
			printf "%.3f\n", s }'
}
stake() { # the stake the detail prints
	col IOL-REDUNDANT 8 | sed -n 's/.*; \([0-9.]*\) s at stake.*/\1/p'
}
# a b: 0 when a (3 significant digits) is b (3 decimals)
same() {
	awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; e = 0.0015 + 0.005 * b
		exit !(a != "" && b != "" && d < e && -d < e) }' &&
		echo 0 || echo 1
}

for f in $D/triage-round57/r57-allread.darshan \
	$D/triage-round57/reruns/r57-*-allread.darshan; do
	b=$(basename "$f")
	$RUN triage --all --format tsv "$f" >"$TMP/t.tsv" 2>/dev/null
	is $? 0 "$b: triage"
	is "$(col IOL-REDUNDANT 3)" warn "$b: every rank reads the input from the slow tier: warn (main: ok)"
	t=$(truth "$f")
	ok "$(same "$(stake)" "$t")" "$b: stake $(stake) s, the fastest rank's less 1/N: $t s"
	col IOL-REDUNDANT 8 | grep -q '201326592 B read whole by every rank'
	ok $? "$b: the detail names the 3 x 64 MiB read whole by every rank"
done

# the twin reading once and broadcasting has no such file
for f in $D/triage-round57/reruns/r57-twin-ab*-bcast.darshan; do
	$RUN triage --all --format tsv "$f" >"$TMP/t.tsv" 2>/dev/null
	is "$(col IOL-REDUNDANT 3)" ok "$(basename "$f"): read once: ok"
done

# one pass a rank whose cost is under the floors stays under them
for f in $D/triage-round16/r16-readall16.darshan \
	$D/triage-round11/r11-all-read.darshan; do
	b=$(basename "$f")
	$RUN triage --all --format tsv "$f" >"$TMP/t.tsv" 2>/dev/null
	is "$(col IOL-REDUNDANT 3)" info "$b: below the impact floor"
	t=$(truth "$f")
	ok "$(same "$(stake)" "$t")" "$b: stake $(stake) s, the fastest rank's less 1/N: $t s"
done

# ranks each reading their own part of a shared file read it once
$RUN triage --all --format tsv "$D/triage-round19/r19-allread.darshan" >"$TMP/t.tsv" 2>/dev/null
col IOL-REDUNDANT 8 | grep -q 'read whole by every rank'
is $? 1 "r19-allread: each rank its own quarter: no file read whole by every rank"
done_testing
