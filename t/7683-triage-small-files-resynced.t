#!/bin/sh
# IOL-SMALL-FILES leaves out the time of files a process synced again
# and again (issue 34, round 118).  r118-fsync: 4 ranks write 1200 small
# scenario files and append to an intermediate.log each, fsyncing it
# after every line (300 syncs a rank); Darshan counts the syncs' waits
# as the log's write time (4.13 s a rank), which the storm's stake took
# ("4.18 s at stake"): labelled trivial (the scenario files cost ~0.08 s
# a rank; the waits are FSYNC's, which triage tells, material).  Packing
# the small files keeps every sync.  A file synced once when done stays
# a storm's file: r99-cachefsync's 800 cache entries (one fsync each)
# keep their 0.74 s; r110-cutstorm's 1200 unsynced cutouts keep 5.36 s.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data
tri() { # log: its triage as TSV in $TMP/t.tsv
	$RUN triage --all --format tsv "$1" >"$TMP/t.tsv" 2>/dev/null
}
sev() { tsv_col "$TMP/t.tsv" "$1" 3; }
stake_in() { # code lo hi: 0 when its stake lies in [lo, hi]
	s=$(tsv_col "$TMP/t.tsv" "$1" 10)
	awk -v s="$s" -v lo="$2" -v hi="$3" \
		'BEGIN { exit !(s != "" && s + 0 >= lo && s + 0 <= hi) }'
}
tri "$D/triage-round118/r118-fsync.darshan"
ok $? "triage r118-fsync"
case $(sev IOL-SMALL-FILES) in warn | high) s=1 ;; *) s=0 ;; esac
ok $s "r118-fsync: SMALL-FILES no finding ($(sev IOL-SMALL-FILES))"
stake_in IOL-SMALL-FILES 0 1
ok $? "r118-fsync: the storm's stake leaves out the syncs' waits"
case $(sev IOL-FSYNC) in warn | high) s=0 ;; *) s=1 ;; esac
ok $s "r118-fsync: FSYNC still a finding"
stake_in IOL-FSYNC 3 6
ok $? "r118-fsync: FSYNC keeps the waits"
tri "$D/triage-round99/r99-cachefsync.darshan"
stake_in IOL-SMALL-FILES 0.7 0.8
ok $? "r99-cachefsync: files synced once keep their time"
tri "$D/triage-round110/r110-cutstorm.darshan"
case $(sev IOL-SMALL-FILES) in warn | high) s=0 ;; *) s=1 ;; esac
ok $s "r110-cutstorm: an unsynced storm still a finding"
stake_in IOL-SMALL-FILES 5 6
ok $? "r110-cutstorm: its stake unchanged"
done_testing
