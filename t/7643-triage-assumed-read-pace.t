#!/bin/sh
# IOL-SMALL-REQ's span clause says when the pace it keeps the small
# reads' span at is read_rate_mibs, assumed (issue 34, round 97): no
# full_rate_mibs, no large reads of the job's own.  r97-extract reads
# one variable of 120 files of interleaved records in 2.4 million 32-B
# preads from the page cache, 256 B apart: they covered their 586 MiB
# span at 254 MiB/s, as a disk streaming 256 MiB/s would, so the span
# at the assumed pace kept 2.289 of their 2.309 s and left them below
# the floor, where block reads of the cached files took 0.32 s (labelled
# material, 3 s).  The log cannot tell the page cache from such a disk:
# no stake changes, the detail tells the reader the verdict rests on the
# assumed pace, which a site that knows its storage sets
# (full_rate_mibs).  main said nothing of it.  A pace from the log (the
# job's own large reads, t/7464's case) or the site's is not assumed.
. "$(dirname "$0")/lib.sh"
col() { # tsv code column
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}
tri() { $RUN triage --all --format tsv ${2:+--config "$2"} "$1" >"$TMP/t.tsv" 2>/dev/null; }
X=$TOP/t/data/triage-round97/r97-extract.darshan

# the truth by awk over `iolens parse`: no record reads 1 MiB or more,
# every read is under 100 B: the log shows no large read's pace
$RUN parse "$X" 2>/dev/null | awk '$1 == "POSIX" && $4 ~ /^POSIX_SIZE_READ_/ && $5 > 0 { print $4 }' |
	sort -u >"$TMP/bins"
is "$(tr '\n' ' ' <"$TMP/bins")" "POSIX_SIZE_READ_0_100 POSIX_SIZE_READ_100_1K " \
	"awk: r97-extract's reads are all under 1 KiB (no pace of its own)"
tri "$X"
col "$TMP/t.tsv" IOL-SMALL-REQ 8 | grep -q "(2.289 s at 256 MiB/s not saved; read_rate_mibs assumed)"
ok $? "r97-extract: the span kept at 256 MiB/s is said to be read_rate_mibs, assumed"
is "$(col "$TMP/t.tsv" IOL-SMALL-REQ 3)" info "... its verdict unchanged: below the floor (0.019 s)"

# a site's pace: not assumed, and it finds the reads
echo "full_rate_mibs = 2048" >"$TMP/full.conf"
tri "$X" "$TMP/full.conf"
col "$TMP/t.tsv" IOL-SMALL-REQ 8 | grep -q "assumed"
ok "$([ $? -ne 0 ]; echo $?)" "full_rate_mibs = 2048: no pace assumed"
col "$TMP/t.tsv" IOL-SMALL-REQ 8 | grep -q "(0.286 s at 2048 MiB/s not saved)"
ok $? "... the span at the site's 2048 MiB/s keeps 0.286 s"
is "$(col "$TMP/t.tsv" IOL-SMALL-REQ 3)" warn "... and 2.02 s are at stake: warn"

# the job's own large reads (t/7464's slow case: 2 MiB reads at 40 MiB/s)
awk -f "$TOP/t/data/triage-trace-gen.awk" b.dat:seq:64:2097152:0:0.05 \
	s.dat:rand:4000:4096:268435456:0.0005 >"$TMP/slow.trace"
$RUN convert -o "$TMP/slow.darshan" "$TMP/slow.trace" 2>/dev/null
tri "$TMP/slow.darshan"
col "$TMP/t.tsv" IOL-SMALL-REQ 8 | grep -q "at 40 MiB/s not saved)"
ok $? "the job's own 40 MiB/s: the clause ends without a pace assumed"
# with no large reads, random reads over 384 MiB: the span keeps 1.5 s
# at 256 MiB/s, assumed; over 256 MiB it keeps 1 s less a rounding,
# under min_stake_s, which no pace would make material: not told
awk -f "$TOP/t/data/triage-trace-gen.awk" \
	s.dat:rand:4000:4096:402653184:0.0005 >"$TMP/none.trace"
$RUN convert -o "$TMP/none.darshan" "$TMP/none.trace" 2>/dev/null
tri "$TMP/none.darshan"
col "$TMP/t.tsv" IOL-SMALL-REQ 8 | grep -Eq "\(1\.[0-9]+ s at 256 MiB/s not saved; read_rate_mibs assumed\)"
ok $? "no large reads, a 384 MiB span: about 1.5 s kept at 256 MiB/s, assumed"
awk -f "$TOP/t/data/triage-trace-gen.awk" \
	s.dat:rand:4000:4096:268435456:0.0005 >"$TMP/small.trace"
$RUN convert -o "$TMP/small.darshan" "$TMP/small.trace" 2>/dev/null
tri "$TMP/small.darshan"
col "$TMP/t.tsv" IOL-SMALL-REQ 8 | grep -q "(0.999 s at 256 MiB/s not saved)"
ok $? "a 256 MiB span keeps 0.999 s, under min_stake_s: no pace told"
done_testing
