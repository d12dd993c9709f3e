#!/bin/sh
# One process cannot spend more than its run in metadata (issue 34,
# round 21): dxt.darshan, a Java worker, summed 11217.6 s of POSIX
# metadata over its threads in a 1469 s run, blocking opens of named
# pipes waiting for a peer; main called it META-BOUND (high) and
# IO-TIME (warn) at "764 % of the run", both labelled false.  Metadata
# summed beyond the run of a one-process job is not staked: META-BOUND
# is info with the reason, IO-TIME counts it at nothing.  Within the
# run the same job is still metadata-bound.  The job is built in memory
# (t/unit/meta-threads), so the test needs no mirror.
. "$(dirname "$0")/lib.sh"
col() { # code column, of the rows in $TMP/t.tsv
	awk -F'\t' -v c="$1" -v k="$2" '$1 == c { print $k }' "$TMP/t.tsv"
}
"$TOP/t/unit/meta-threads" >"$TMP/t.tsv"
ok $? "meta-threads: 700 s of metadata in a 100 s run, one process"
is "$(col IOL-META-BOUND 2)" info "metadata beyond the run: META-BOUND info (main: high)"
col IOL-META-BOUND 4 | grep -q "threads' blocking opens summed"
ok $? "META-BOUND says why"
is "$(col IOL-IO-TIME 2)" info "IO-TIME has no cause to stake (main: warn)"
"$TOP/t/unit/meta-threads" under >"$TMP/t.tsv"
ok $? "meta-threads under: 50 s of metadata in a 100 s run"
is "$(col IOL-META-BOUND 2)" high "metadata within the run: META-BOUND still high"
is "$(col IOL-IO-TIME 2)" warn "and IO-TIME warns"
done_testing
