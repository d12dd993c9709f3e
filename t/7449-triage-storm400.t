#!/bin/sh
# A storm of 400 small created files (issue 34).  Labellers split on the
# population's mdtest storms (esm-meta c13-c15: 400 files of 4 KiB, 5-14 %
# of a 1.1 s run on the slowest rank): rounds 1, 2, 3 and 10 (the issue's
# own expert among them) called 400 files no storm, rounds 25-35 a storm
# costing >= 5 % of the run material.  Since 2026-12-02 a created storm is
# structural from storm_files (1000), the first reading: 400 files are
# judged by the 1 s floor, info here, and the detail names the count.
# storm_files = 400 takes the second reading: the storm is structural,
# material at 11 % of the run, its own metadata IOL-META-BOUND's part
# ("the pattern of IOL-SMALL-FILES"); metadata beyond the storm (each
# file opened 20 times: an open storm) is META-BOUND's own finding; a
# storm under min_stake_pct of the run is none.  The job is built in
# memory (t/unit/storm400).
. "$(dirname "$0")/lib.sh"
col() { # code column, of the rows in $TMP/t.tsv
	awk -F'\t' -v c="$1" -v k="$2" '$1 == c { print $k }' "$TMP/t.tsv"
}
C400='storm_files = 400'
"$TOP/t/unit/storm400" - '' >"$TMP/t.tsv"
ok $? "storm400: 400 files of 4 KiB created, 0.12 s of metadata in a 1.1 s run"
is "$(col IOL-SMALL-FILES 2) $(col IOL-META-BOUND 2)" "info info" \
	"under storm_files: judged by the 1 s floor"
col IOL-SMALL-FILES 4 | grep -q '(under storm_files: judged by time)'
ok $? "the detail names the count"
"$TOP/t/unit/storm400" - "$C400" >"$TMP/t.tsv"
ok $? "storm400 with $C400"
is "$(col IOL-SMALL-FILES 2)" warn "400 small files at 11 % of the run: a storm"
is "$(col IOL-META-BOUND 2)" warn "the storm's own metadata is its part"
col IOL-META-BOUND 4 | grep -q 'the pattern of IOL-SMALL-FILES'
ok $? "META-BOUND says whose pattern it is"
"$TOP/t/unit/storm400" reopen "$C400" >"$TMP/t.tsv"
ok $? "storm400 reopen: each file also opened 20 times"
is "$(col IOL-SMALL-FILES 2) $(col IOL-META-BOUND 2)" "warn high" \
	"an open storm beside the file storm is metadata beyond it: META-BOUND a finding"
"$TOP/t/unit/storm400" short "$C400" >"$TMP/t.tsv"
ok $? "storm400 short: 0.04 s of metadata, 3.6 % of the run"
is "$(col IOL-SMALL-FILES 2) $(col IOL-META-BOUND 2)" "info info" \
	"a storm under min_stake_pct of the run is no finding"
"$TOP/t/unit/storm400" - "$(printf 'storm_creates = 100\nstorm_files = 300\n')" >"$TMP/t.tsv"
ok $? "storm400 with storm_files = 300: a storm every round called one"
is "$(col IOL-SMALL-FILES 2) $(col IOL-META-BOUND 2)" "warn warn" \
	"META-BOUND stays the storm's part there"
col IOL-META-BOUND 4 | grep -q 'the pattern of IOL-SMALL-FILES'
ok $? "and says so"
done_testing
