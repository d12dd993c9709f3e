#!/bin/sh
# IO-TIME restating a storm of created files that is a finding by the
# structural clause alone is structural too (issue 34, round 23): cp -r
# created 1546 files, 0.93 s of metadata in a 1.09 s run; SMALL-FILES
# warned, IO-TIME, the same seconds, fell under min_stake_s, and the
# expert labelled both material as one root cause (so r6-tar-extract,
# r12-tar-3000, r13-tmp-unlink, r23-py-npy-many).  A storm of files
# read, not created (grep -r's shape, its SMALL-FILES labelled trivial),
# lends IO-TIME nothing.  The job is built in memory
# (t/unit/create-storm).
. "$(dirname "$0")/lib.sh"
col() { # code column, of the rows in $TMP/t.tsv
	awk -F'\t' -v c="$1" -v k="$2" '$1 == c { print $k }' "$TMP/t.tsv"
}
"$TOP/t/unit/create-storm" >"$TMP/t.tsv"
ok $? "create-storm: 1500 files created, 0.9 s of a 1.1 s run"
is "$(col IOL-SMALL-FILES 2)" warn "the storm is a finding"
is "$(col IOL-IO-TIME 2)" warn "IO-TIME restating it is one too (main: info, under min_stake_s)"
"$TOP/t/unit/create-storm" read >"$TMP/t.tsv"
ok $? "create-storm read: 1500 existing files read"
is "$(col IOL-IO-TIME 2)" info "a read storm lends IO-TIME nothing: info"
done_testing
