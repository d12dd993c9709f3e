#!/bin/sh
# IOL-SLOW-OST's stake is a rank's, never more than the run, and it is
# IOL-IO-TIME's cause (issue 34, round 21): sample-badost (2048 ranks, a
# file each, 85 files on the slow OST 14) staked 45514 s, 5835 % of
# the run, the seconds beyond the others' pace summed over ranks that
# wrote in parallel; the slowest rank lost ~762 s.  And IO-TIME beside
# it said "no cause fired", 0 s.  A log of the same shape
# (t/unit/lustregen fpp): 64 ranks, a file each, eight on OST 5 written
# in 90 s, the others in 2 s, a 99 s run: 704 s summed, 88 s a rank.
. "$(dirname "$0")/lib.sh"
col() { # tsv code column
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}
"$TOP/t/unit/lustregen" "$TMP/fpp.darshan" 90 fpp
ok $? "lustregen fpp: 64 ranks, a file each, OST 5's eight in 90 s"
$RUN triage --all --format tsv "$TMP/fpp.darshan" >"$TMP/t.tsv"
ok $? "triage runs"
is "$(col "$TMP/t.tsv" IOL-SLOW-OST 3)" warn "SLOW-OST still warns"
is "$(col "$TMP/t.tsv" IOL-SLOW-OST 10)" 88 \
	"SLOW-OST's stake: the slowest rank's 90 s less 2 s elsewhere (base: 704 s summed)"
p=$(col "$TMP/t.tsv" IOL-SLOW-OST 11)
ok "$(awk -v p="$p" 'BEGIN { exit !(p > 0 && p <= 100) }' && echo 0 || echo 1)" \
	"SLOW-OST's stake within the run ($p %)"
col "$TMP/t.tsv" IOL-SLOW-OST 8 | grep -q "summed over ranks in parallel"
ok $? "the detail says why the summed seconds are not at stake"
is "$(col "$TMP/t.tsv" IOL-IO-TIME 3)" warn "IO-TIME warns (base: info, no cause fired)"
is "$(col "$TMP/t.tsv" IOL-IO-TIME 10)" 88 "IO-TIME's stake is SLOW-OST's"
col "$TMP/t.tsv" IOL-IO-TIME 8 | grep -q "IOL-SLOW-OST"
ok $? "IO-TIME names the slow OST as its cause"
# one OST slow on files shared by all ranks (t/7213's log): the stake
# within the run is kept as it was
"$TOP/t/unit/lustregen" "$TMP/sh.darshan" 20
$RUN triage --format tsv "$TMP/sh.darshan" >"$TMP/s.tsv"
is "$(col "$TMP/s.tsv" IOL-SLOW-OST 10)" 18 "a stake within the run is unchanged (18 s)"
done_testing
