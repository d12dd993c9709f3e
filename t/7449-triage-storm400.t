#!/bin/sh
# A storm of 400 small created files, judged on its share and told once
# (issue 34).  Labellers split on the population's mdtest storms
# (esm-meta c13-c15: 400 files of 4 KiB, 5-14 % of a 1.1 s run on the
# slowest rank): rounds 1, 2, 3 and 10 called 400 files no storm, rounds
# 25, 27, 28, 30 and 33 a storm costing >= 5 % of the run material.
# storm_creates (new; 400, where storm_files, 1000, was) is the count
# of created files from which a storm is structural: the second
# reading.  Beside such a storm, under storm_files, the
# storm's own metadata is told by SMALL-FILES alone: META-BOUND is info,
# "same cause as IOL-SMALL-FILES" (under a count of 400 alone it was the
# pattern of SMALL-FILES at warn: one contested storm counted twice).
# Metadata beyond the storm (each file opened 20 times: an open storm)
# stays META-BOUND's finding, and a storm of storm_files or more keeps
# META-BOUND as its part.  The job is built in memory (t/unit/storm400).
. "$(dirname "$0")/lib.sh"
col() { # code column, of the rows in $TMP/t.tsv
	awk -F'\t' -v c="$1" -v k="$2" '$1 == c { print $k }' "$TMP/t.tsv"
}
C400='storm_creates = 400'
"$TOP/t/unit/storm400" - 'storm_creates = 1000' >"$TMP/t.tsv"
ok $? "storm400: 400 files of 4 KiB created, 0.12 s of metadata in a 1.1 s run"
is "$(col IOL-SMALL-FILES 2) $(col IOL-META-BOUND 2)" "info info" \
	"storm_creates = 1000: under it, judged by the 1 s floor"
col IOL-SMALL-FILES 4 | grep -q '(under storm_creates: judged by time)'
ok $? "the detail names the count"
"$TOP/t/unit/storm400" - "$C400" >"$TMP/t.tsv"
ok $? "storm400 with $C400 (main: no such key)"
is "$(col IOL-SMALL-FILES 2)" warn "400 small files at 11 % of the run: a storm"
is "$(col IOL-META-BOUND 2)" info \
	"the storm's own metadata is not a second finding (a count of 400 alone: warn)"
col IOL-META-BOUND 4 | grep -q '^same cause as IOL-SMALL-FILES: '
ok $? "META-BOUND says whose cause it is"
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
