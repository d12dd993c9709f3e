#!/bin/sh
# IOL-FSYNC tells syncs made once a file over many files when they are
# most of the write time (issue 34, round 99): r99-cachefsync stores 800
# cache files of 1-10 KiB, each written whole and fsync'ed once, on a
# write-back mount; 2.18 s of write time, 0.020 s in its twin without
# the syncs (2.0 s of a 3.1 s run saved).  Labelled FSYNC material,
# SMALL-FILES and SMALL-REQ trivial; main had FSYNC ok and the other two
# warn with the syncs' seconds (SMALL-FILES 2.91 s, SMALL-REQ 2.02 s).  Each file's one commit sync stays
# forgiven where it is not the write time: r17-fsync-close (200 files of
# 1 MiB, one sync each at close) and r62-tmpfile (300 temp files of
# 256 KiB a rank) keep FSYNC ok.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data
tri() { # log: its triage as TSV in $TMP/t.tsv
	$RUN triage --all --format tsv "$1" >"$TMP/t.tsv" 2>/dev/null
}
tri "$D/triage-round99/r99-cachefsync.darshan"
ok $? "triage r99-cachefsync"
is "$(tsv_col "$TMP/t.tsv" IOL-FSYNC 3)" warn "cachefsync: FSYNC warn"
case "$(tsv_col "$TMP/t.tsv" IOL-FSYNC 8)" in
*"a sync per file over many files"*) r=0 ;;
*) r=1 ;;
esac
ok $r "cachefsync: the detail says a sync per file over many files"
s=$(tsv_col "$TMP/t.tsv" IOL-SMALL-REQ 3)
case $s in warn | high) r=1 ;; *) r=0 ;; esac
ok $r "cachefsync: IOL-SMALL-REQ not a finding ($s)"
# the storm of 1201 created files stays structural; its stake (2.91 s
# before) leaves the 2.17 s of syncs out: its metadata, 0.74 s
s=$(tsv_col "$TMP/t.tsv" IOL-SMALL-FILES 10)
r=$(awk -v s="$s" 'BEGIN { print (s != "" && s + 0 < 1) ? 0 : 1 }')
ok $r "cachefsync: IOL-SMALL-FILES stakes no sync time ($s s)"
for k in 1 2; do
	tri "$D/triage-round99/reruns/r99-labels99-ab$k-cachefsync.darshan"
	is "$(tsv_col "$TMP/t.tsv" IOL-FSYNC 3)" warn "cachefsync rerun ab$k: FSYNC warn"
done
tri "$D/triage-round99/reruns/r99-labels99-tw-cache-nofsync.darshan"
is "$(tsv_col "$TMP/t.tsv" IOL-FSYNC 3)" ok "twin without syncs: FSYNC ok"
for l in triage-round17/r17-fsync-close triage-round62/r62-tmpfile; do
	tri "$D/$l.darshan"
	is "$(tsv_col "$TMP/t.tsv" IOL-FSYNC 3)" ok "$(basename "$l"): one sync a file forgiven"
done
done_testing
