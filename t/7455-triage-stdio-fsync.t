#!/bin/sh
# An fsync per line written through STDIO is IOL-FSYNC's pattern (issue
# 34, round 34): r34-logfsync fprintf'ed 1500 lines, each fflush'ed and
# fsync'ed, 4.2 s of a 4.5 s run; glibc's write(2) inside fflush is not
# logged, so the POSIX record has FSYNCS 1501 and the sync time but
# WRITES 0 and IOL-FSYNC said "not evaluated: no POSIX writes".  The
# STDIO record of the same file (the same record id) holds the writes
# the syncs flush.  The job is built in memory (t/unit/stdio-fsync); its
# better twin (one fsync at the end) stays quiet.
. "$(dirname "$0")/lib.sh"
col() { # code column, of the rows in $TMP/t.tsv
	awk -F'\t' -v c="$1" -v k="$2" '$1 == c { print $k }' "$TMP/t.tsv"
}
"$TOP/t/unit/stdio-fsync" >"$TMP/t.tsv"
ok $? "stdio-fsync: 1500 STDIO lines, an fsync each"
is "$(col IOL-FSYNC 2)" warn "an fsync per STDIO line is a finding (main: not evaluated)"
stake=$(col IOL-FSYNC 3)
ok "$(awk -v s="$stake" 'BEGIN { print !(s > 4.1 && s < 4.2) }')" \
	"stake $stake s: 1500 of the 1501 syncs' share of the 4.17 s write time"
"$TOP/t/unit/stdio-fsync" end >"$TMP/t.tsv"
ok $? "stdio-fsync end: the same lines, one fsync at the end"
is "$(col IOL-FSYNC 2)" ok "one sync at the end is no finding"
done_testing
