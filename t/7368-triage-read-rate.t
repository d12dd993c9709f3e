#!/bin/sh
# The pace sparse reads' span is read at (issue 34, round 11):
# read_rate_mibs (256), or the job's own large reads' pace if faster
# (records whose reads are all 1 MiB or more: their bytes over their
# read time), or full_rate_mibs when a site set it; read_rate_mibs = 0
# keeps the whole time at stake.  main had no such key (--config
# refused it) and staked the whole time whatever the pace.  The truth is
# awk's over `iolens parse`: each record's reads, bytes read, highest
# byte read, read and write time.  Our own case (t/data/triage-trace-gen.awk,
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
		if ($4 == "POSIX_F_READ_TIME") t[k] = $5
		if ($4 == "POSIX_F_WRITE_TIME") w[k] = $5 }
		END { for (k in n) if (s[k] == 0) { bb += b[k]; bt += t[k] }
		      if (bt > 0 && bb / 1048576 / bt > p) p = bb / 1048576 / bt
		      for (k in n) if (s[k] > 0) { st += t[k] + w[k]
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
col "$TMP/t.tsv" IOL-SMALL-REQ 8 | grep -q "at $1 MiB/s not saved"
ok $? "... the detail names the pace"

# a stored row judges alike (job-row fields sparse_read_time, _span,
# _bytes, small_readahead_time, large_read_mibs), and a hostile one puts
# no more than the small requests' time at stake, nor less than none
if command -v sqlite3 >/dev/null; then
	small() { # db: SMALL-REQ's stake in the last job's findings
		$RUN triage --format tsv --severity info --db "$1" 2>/dev/null | tail -n 1 | cut -f15 |
			tr ';' '\n' | sed -n 's/^ *IOL-SMALL-REQ=.*(\(.*\) s at stake).*/\1/p'
	}
	L=$TOP/t/data/triage-round4/r4-rand-read.darshan
	set -- $(truth "$L")
	$RUN ingest --db "$TMP/r.db" "$L" >/dev/null 2>&1
	is "$(small "$TMP/r.db")" "$(printf '%.3g' "$2")" "r4-rand-read from a store: $2 s at stake (awk)"
	sqlite3 "$TMP/r.db" "UPDATE jobs SET sparse_read_span = -1e300, sparse_read_bytes = -1e300"
	is "$(small "$TMP/r.db")" 2.52 "... a span of -1e300: the whole 2.52 s, no more"
	sqlite3 "$TMP/r.db" "UPDATE jobs SET sparse_read_span = 1e300, sparse_read_time = 1e300, large_read_mibs = -5"
	is "$(small "$TMP/r.db")" 0 "... a span and time of 1e300: none, no less"
else
	skip "sqlite3 is not installed" 3
fi
done_testing
