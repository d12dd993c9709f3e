#!/bin/sh
# The pace sparse reads' span is read at (issue 34, round 11):
# read_rate_mibs (256), or the job's own large reads' pace if faster
# (records whose reads are all 1 MiB or more: their bytes over their
# read time), or full_rate_mibs when a site set it; read_rate_mibs = 0
# keeps the whole time at stake.  main had no such key (--config
# refused it) and staked the whole time whatever the pace.  The truth is
# awk's over `iolens parse`: each record's reads, bytes read, highest
# byte read and read time.  Our own case (t/data/triage-trace-gen.awk,
# `iolens convert`): 1 GiB read in 2 MiB requests in 0.256 s (4000
# MiB/s), then 4000 random 4 KiB reads over 4 GiB in 2 s: at the job's
# pace the span takes 1.02 s, 0.98 s to save (warn: 4 KiB requests).
. "$(dirname "$0")/lib.sh"
col() { # tsv code column
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}
# log [MiB/s]: the pace (the large-read records' if faster than the
# one given, 256 by default) and the small sparse reads' stake by awk
truth() {
	$RUN parse --show-incomplete "$1" 2>/dev/null | awk -v p="${2-256}" '$1 == "POSIX" {
		k = $2 " " $3
		if ($4 == "POSIX_READS") n[k] = $5
		if ($4 ~ /^POSIX_SIZE_READ_(0_100|100_1K|1K_10K|10K_100K|100K_1M)$/) s[k] += $5
		if ($4 == "POSIX_BYTES_READ") b[k] = $5
		if ($4 == "POSIX_MAX_BYTE_READ") e[k] = $5 + 1
		if ($4 == "POSIX_F_READ_TIME") t[k] = $5 }
		END { for (k in n) if (s[k] == 0) { bb += b[k]; bt += t[k] }
		      if (bt > 0 && bb / 1048576 / bt > p) p = bb / 1048576 / bt
		      for (k in n) if (s[k] > 0) { st += t[k]
			      if (p > 0 && b[k] <= e[k] / 2) { x = e[k] / 1048576 / p; kept += (x < t[k] ? x : t[k]) } }
		      printf "%.0f %.3f\n", p, st - kept }'
}
tri() { $RUN triage --all --format tsv ${2:+--config "$2"} "$1" >"$TMP/t.tsv" 2>/dev/null; }
res() { echo "$(col "$TMP/t.tsv" IOL-SMALL-REQ 3) $(printf '%.3f' "$(col "$TMP/t.tsv" IOL-SMALL-REQ 10)")"; }

L=$TOP/t/data/triage-round11/r11-rand-pread.darshan
echo "read_rate_mibs = 0" >"$TMP/zero.conf"
set -- $(truth "$L" 0)
tri "$L" "$TMP/zero.conf"
is "$(res)" "warn $2" "r11-rand-pread, read_rate_mibs = 0: SMALL-REQ warn, the whole $2 s at stake"
echo "full_rate_mibs = 1024" >"$TMP/full.conf"
set -- $(truth "$L" 1024)
tri "$L" "$TMP/full.conf"
is "$(res)" "warn $2" "r11-rand-pread, full_rate_mibs = 1024: the span at $1 MiB/s, $2 s at stake (awk)"

awk -f "$TOP/t/data/triage-trace-gen.awk" b.dat:seq:512:2097152:0:0.0005 \
	s.dat:rand:4000:4096:4294967296:0.0005 >"$TMP/own.trace"
$RUN convert -o "$TMP/own.darshan" "$TMP/own.trace" 2>/dev/null
set -- $(truth "$TMP/own.darshan")
tri "$TMP/own.darshan"
is "$(res)" "warn $2" "own: the job's large reads' pace $1 MiB/s, $2 s at stake (awk)"
col "$TMP/t.tsv" IOL-SMALL-REQ 8 | grep -q "read whole at $1 MiB/s"
ok $? "... the detail names the pace"
done_testing
