#!/bin/sh
# IOL-RANK0-IO (and IOL-IDLE-RANKS, its part) stake what spreading rank
# 0's I/O over the ranks would save (issue 34, rounds 31, 39 and 44).
# r44-dump-text: rank 0 fprintf's 2 M values of 24 B (0.819 s of STDIO):
# the calls cost, a call; its binary twin kept the one writer and took
# 0.05 s (labelled trivial); it is judged by its time, 0.615 s, under
# min_stake_s, while IOL-STDIO-SHARE tells the cause.  r43-csv-rank0's
# 1.2 M rows of 47 B take 6.66 s (5.5 us a call): 4.99 s at stake,
# found (labelled material, 3.25 s).  r31-ckpt-gather: rank 0's four
# 16 MiB files moved at 23-31 MiB/s, the storage's pace: the 64 MiB take
# 2.07 s at the best of them, so 0.40 s at stake where (1 - 1/N) claimed
# 1.85 s (labelled trivial: an N-N twin would save 0.7-0.9 s).  Funnels
# the logs give no pace for stay found: r4-rank0-io (1.88 s), r15's
# gather (structural, 8 %).  round 39's n1-32m writes one file: no best
# file's pace; its writes' wait for the device (t/7523) judges it by its
# time, and so does a site's full_rate_mibs.  The counters are read by
# awk from `iolens parse`.
. "$(dirname "$0")/lib.sh"
col() { # tsv code column
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}
tri() { # log [args]: the tsv in $TMP/t.tsv
	l=$1
	shift
	$RUN triage "$@" --all --format tsv "$l" >"$TMP/t.tsv" 2>/dev/null
}
# STDIO data calls and bytes of the file written (not stdout)
stdio_calls() {
	$RUN parse "$1" 2>/dev/null | awk '$1 == "STDIO" && $6 !~ /^</ {
		if ($4 == "STDIO_WRITES") c += $5
		if ($4 == "STDIO_BYTES_WRITTEN") b += $5 }
		END { printf "%d %d\n", c, c ? b / c : 0 }'
}
R=$TOP/t/data

F=$R/triage-round44/r44-dump-text.darshan
is "$(stdio_calls "$F")" "2097152 24" "r44-dump-text: awk: 2097152 fprintf's of 24 B"
tri "$F"
is "$(col "$TMP/t.tsv" IOL-RANK0-IO 3)" info "r44-dump-text: RANK0-IO below the floor (main: warn, 0.615 s on the 5 % clause)"
is "$(col "$TMP/t.tsv" IOL-IDLE-RANKS 3)" info "r44-dump-text: IDLE-RANKS info, its lead not a finding"
col "$TMP/t.tsv" IOL-RANK0-IO 8 | grep -q "2097153 STDIO calls of 24 B, 0.39 us each: a cost a call (formatting), IOL-STDIO-SHARE's cause"
ok $? "r44-dump-text: the detail says the calls cost, and whose cause it is"
is "$(col "$TMP/t.tsv" IOL-STDIO-SHARE 3)" warn "r44-dump-text: STDIO-SHARE warns (labelled material)"

F=$R/triage-round43/r43-csv-rank0.darshan
is "$(stdio_calls "$F")" "1200001 46" "r43-csv-rank0: awk: 1200001 rows of 46 B"
tri "$F"
is "$(col "$TMP/t.tsv" IOL-RANK0-IO 3)" warn "r43-csv-rank0: RANK0-IO warns (labelled material)"
is "$(col "$TMP/t.tsv" IOL-IDLE-RANKS 3)" warn "r43-csv-rank0: IDLE-RANKS warns, its part"
ok "$(col "$TMP/t.tsv" IOL-RANK0-IO 10 | awk '{ print !($1 > 3 && $1 < 6.66) }')" \
	"r43-csv-rank0: stake over 3 s (labelled 3.25 s), under rank 0's 6.66 s"
col "$TMP/t.tsv" IOL-RANK0-IO 8 | grep -q "5.55 us each"
ok $? "r43-csv-rank0: 5.55 us a call, 14 times dump-text's"

F=$R/triage-round31/r31-ckpt-gather.darshan
tri "$F"
is "$(col "$TMP/t.tsv" IOL-RANK0-IO 3)" info "r31-ckpt-gather: RANK0-IO below the floor (main: warn, 1.85 s)"
is "$(col "$TMP/t.tsv" IOL-IDLE-RANKS 3)" info "r31-ckpt-gather: IDLE-RANKS info"
col "$TMP/t.tsv" IOL-RANK0-IO 8 | grep -q "its bytes at the storage's pace (31 MiB/s, its best file's) take 2.067 s"
ok $? "r31-ckpt-gather: the detail names the pace and its source"

for p in round4/r4-rank0-io round15/r15-rank0-gather; do
	tri "$R/triage-$p.darshan"
	is "$(col "$TMP/t.tsv" IOL-RANK0-IO 3)" warn "${p#*/}: RANK0-IO warns (labelled material)"
	is "$(col "$TMP/t.tsv" IOL-IDLE-RANKS 3)" warn "${p#*/}: IDLE-RANKS warns, its part"
done

F=$R/triage-round39/r39-n1-32m.darshan
tri "$F"
is "$(col "$TMP/t.tsv" IOL-RANK0-IO 3)" info "r39-n1-32m without a site's rate: RANK0-IO below the floor (the device's wait, t/7523)"
printf 'full_rate_mibs = 32\n' >"$TMP/site.conf"
tri "$F" --config "$TMP/site.conf"
is "$(col "$TMP/t.tsv" IOL-RANK0-IO 3)" info "r39-n1-32m, full_rate_mibs 32: RANK0-IO below the floor"
is "$(col "$TMP/t.tsv" IOL-IDLE-RANKS 3)" info "r39-n1-32m, full_rate_mibs 32: IDLE-RANKS info"
ok "$(col "$TMP/t.tsv" IOL-RANK0-IO 10 | awk '{ print !($1 < 0.1) }')" \
	"r39-n1-32m, full_rate_mibs 32: under 0.1 s at stake (four writers: 1.026 s against 1.068 s)"
done_testing
