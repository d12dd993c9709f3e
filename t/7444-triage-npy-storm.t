#!/bin/sh
# A read-side file storm's stake is its small files' whole I/O: their
# opens and their reads, from the per-file records (issue 34, round 29):
# dl-npy-many read 2000 files of 8320 B once an epoch for 3 epochs, and
# triage staked only the 0.141 s of metadata (4.1 %, under the floor)
# while the expert staked its 0.31 s (9 %) with the storm's 9061 small
# reads.  Files read again epoch after epoch are a storm too (reads a
# file an open, not a file); a large file's read is not the storm's; the
# bytes kept out of the stake are each small file's once (read again,
# they are the page cache's, packed or not).  The job is built in
# memory (t/unit/npy-storm): 0.16 s of opens, 0.16 s of small reads,
# 16.6 MB of small files (0.062 s at 256 MiB/s), one 8 MiB file read in
# 0.3 s, a 3.5 s run.
. "$(dirname "$0")/lib.sh"
col() { # code column, of the rows in $TMP/t.tsv
	awk -F'\t' -v c="$1" -v k="$2" '$1 == c { print $k }' "$TMP/t.tsv"
}
"$TOP/t/unit/npy-storm" >"$TMP/t.tsv"
ok $? "npy-storm: 2000 small files read 3 times, 0.32 s of a 3.5 s run"
is "$(col IOL-SMALL-FILES 2)" warn "the read storm is a finding (main: ok, 6001 reads > 2 a file)"
stake=$(col IOL-SMALL-FILES 3)
ok "$(awk -v s="$stake" 'BEGIN { print !(s > 0.25 && s < 0.27) }')" \
	"stake $stake s: opens + small reads - 16.6 MB once at 256 MiB/s (0.258), not the large file's 0.3 s"
done_testing
