#!/bin/sh
# IOL-SMALL-FILES does not stake the small requests IOL-SMALL-REQ stakes
# (issue 34, round 134).  r134-blkfiles: 4 ranks write 720 block files,
# one write(2) a variable (2880 writes of 4-16 KiB, 4 a file) on a
# throttled sync mount; the storm's stake held the writes' 7.26 s a rank
# beside 1.80 s of metadata ("9.05 s at stake") that SMALL-REQ also
# stakes (7.26 s): one time told twice.  Labelled SMALL-REQ 6.90 s, the
# storm 1.16 s (twins).  Files written in a request or a buffer and its
# tail keep their writes: r34-untar's 1546 files in tar's 10 KiB records
# (2 writes a file, labelled the storm's alone, 18.5 s) and
# r79-storm-A's 3000 pickles of one write each (15.8 s); a SMALL-REQ
# under its impact floor takes nothing (r129-statewal's rerun: the
# storm keeps its 0.033 s, 6 %; 605 files, under storm_files, it is
# judged by time: info, as its labelled run was labelled trivial).
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
warns() { # code: 0 when a warn or high finding
	case $(sev "$1") in warn | high) return 0 ;; *) return 1 ;; esac
}
tri "$D/triage-round134/r134-blkfiles.darshan"
ok $? "triage r134-blkfiles"
warns IOL-SMALL-FILES
ok $? "r134-blkfiles: the storm still a finding ($(sev IOL-SMALL-FILES))"
stake_in IOL-SMALL-FILES 1 2.5
ok $? "r134-blkfiles: the storm's stake is its metadata, not the writes"
tsv_col "$TMP/t.tsv" IOL-SMALL-FILES 8 |
	grep -q "small requests, many a file: IOL-SMALL-REQ's, not at stake"
ok $? "r134-blkfiles: the detail says whose the writes are"
warns IOL-SMALL-REQ
ok $? "r134-blkfiles: SMALL-REQ still a finding"
stake_in IOL-SMALL-REQ 6.5 8
ok $? "r134-blkfiles: SMALL-REQ keeps the writes"
tri "$D/triage-round34/r34-untar.darshan"
stake_in IOL-SMALL-FILES 12 14
ok $? "r34-untar: files in a record and its tail keep their writes"
tri "$D/triage-round79/r79-storm-A.darshan"
stake_in IOL-SMALL-FILES 14 16
ok $? "r79-storm-A: files of one write keep it"
tri "$D/triage-round129/reruns/r129-labels129-ab2-statewal.darshan"
stake_in IOL-SMALL-FILES 0.030 0.036
ok $? "r129-statewal rerun: SMALL-REQ under its floor takes none ($(tsv_col "$TMP/t.tsv" IOL-SMALL-FILES 10) s)"
done_testing
