#!/bin/sh
# The pace sparse small reads' span is kept at is the job's own large
# reads' (records whose reads are all 1 MiB or more) when the log shows
# one, slower than read_rate_mibs as well as faster (issue 34, round 39:
# stakes from what the log shows, not an assumed 256 MiB/s).  main took
# the job's pace only when faster, so on storage whose 2 MiB reads ran at
# 40 MiB/s it staked 4 KiB reads as if larger requests moved 256 MiB/s.
# A site's full_rate_mibs still stands over a slower job.  Our case
# (t/data/triage-trace-gen.awk, `iolens convert`): 128 MiB read in 2 MiB
# requests in 3.2 s (40 MiB/s), then 4000 random 4 KiB reads over 256
# MiB in 2 s: at 40 MiB/s the span takes 6.4 s, more than the reads, so
# nothing is at stake (at 256 MiB/s: 1 s kept, 1 s staked).  The truth
# is awk's over `iolens parse`, as t/7368's.
. "$(dirname "$0")/lib.sh"
col() { # tsv code column
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}
# log [MiB/s]: the pace (the large-read records', else the one given)
# and the small sparse reads' stake by awk; any 3rd argument: the pace
# given stands unless the large reads are faster (a site's)
truth() {
	$RUN parse --show-incomplete "$1" 2>/dev/null | awk -v p="${2-256}" -v site="${3-}" '$1 == "POSIX" {
		k = $2 " " $3
		if ($4 == "POSIX_READS") n[k] = $5
		if ($4 ~ /^POSIX_SIZE_READ_(0_100|100_1K|1K_10K|10K_100K|100K_1M)$/) s[k] += $5
		if ($4 == "POSIX_BYTES_READ") b[k] = $5
		if ($4 == "POSIX_MAX_BYTE_READ") e[k] = $5 + 1
		if ($4 == "POSIX_F_READ_TIME") t[k] = $5
		if ($4 == "POSIX_F_WRITE_TIME") w[k] = $5 }
		END { for (k in n) if (s[k] == 0) { bb += b[k]; bt += t[k] }
		      if (bt > 0 && (site == "" || bb / 1048576 / bt > p)) p = bb / 1048576 / bt
		      for (k in n) if (s[k] > 0) { st += t[k] + w[k]
			      if (p > 0 && b[k] <= e[k] / 2) { x = e[k] / 1048576 / p; kept += (x < t[k] ? x : t[k]) } }
		      printf "%.0f %.3f\n", p, st - kept }'
}
tri() { $RUN triage --all --format tsv ${2:+--config "$2"} "$1" >"$TMP/t.tsv" 2>/dev/null; }
res() { echo "$(col "$TMP/t.tsv" IOL-SMALL-REQ 3) $(printf '%.3f' "$(col "$TMP/t.tsv" IOL-SMALL-REQ 10)")"; }

awk -f "$TOP/t/data/triage-trace-gen.awk" b.dat:seq:64:2097152:0:0.05 \
	s.dat:rand:4000:4096:268435456:0.0005 >"$TMP/slow.trace"
$RUN convert -o "$TMP/slow.darshan" "$TMP/slow.trace" 2>/dev/null
set -- $(truth "$TMP/slow.darshan")
is "$1 $2" "40 0.000" "awk: the job's large reads ran at 40 MiB/s; at that pace nothing is at stake"
tri "$TMP/slow.darshan"
is "$(col "$TMP/t.tsv" IOL-SMALL-REQ 10)" 0 "SMALL-REQ keeps the span at the job's 40 MiB/s: 0 s at stake (main: 1 s)"
isnt_warn=$(col "$TMP/t.tsv" IOL-SMALL-REQ 3)
ok "$([ "$isnt_warn" != warn ] && [ "$isnt_warn" != high ]; echo $?)" "... no finding ($isnt_warn)"
col "$TMP/t.tsv" IOL-SMALL-REQ 8 | grep -q "at 40 MiB/s not saved"
ok $? "... the detail names the job's pace"
# a site's rate stands over a slower job
echo "full_rate_mibs = 1024" >"$TMP/full.conf"
set -- $(truth "$TMP/slow.darshan" 1024 site)
tri "$TMP/slow.darshan" "$TMP/full.conf"
is "$(res)" "warn $2" "full_rate_mibs = 1024: the span at the site's $1 MiB/s, $2 s at stake (awk)"
# faster large reads, as before (t/7368)
awk -f "$TOP/t/data/triage-trace-gen.awk" b.dat:seq:512:2097152:0:0.0005 \
	s.dat:rand:4000:4096:4294967296:0.0005 >"$TMP/fast.trace"
$RUN convert -o "$TMP/fast.darshan" "$TMP/fast.trace" 2>/dev/null
set -- $(truth "$TMP/fast.darshan")
tri "$TMP/fast.darshan"
is "$(res)" "warn $2" "faster large reads: their $1 MiB/s, $2 s at stake (awk)"
done_testing
