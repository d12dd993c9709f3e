#!/bin/sh
# IOL-META-BOUND leaves metadata that each open pays for what it does to
# synced data to IOL-FSYNC (issue 34, round 62): r62-manifest truncates
# manifest.tmp, writes the whole manifest, fsyncs it and renames it over
# manifest once a task (1000 opens, 1000 fsyncs, 1.32 ms of metadata an
# open; its append twin's 1000 opens take 10-13 us each).  Labelled
# META-BOUND false, the cause FSYNC's; main flagged it high on the first
# run (34.6 % of the I/O) and not on the reruns (27-28 %): a flip.  Now
# info on the first run, ok on the reruns, FSYNC warn on all three; true
# open storms without a sync an open keep META-BOUND high.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data
tri() { # log: its triage as TSV in $TMP/t.tsv
	$RUN triage --all --format tsv "$1" >"$TMP/t.tsv" 2>/dev/null
}
tri "$D/triage-round62/r62-manifest.darshan"
ok $? "triage r62-manifest"
is "$(tsv_col "$TMP/t.tsv" IOL-META-BOUND 3)" info "manifest: META-BOUND info, not a finding"
case "$(tsv_col "$TMP/t.tsv" IOL-META-BOUND 8)" in
*"IOL-FSYNC's cause: 1000 syncs"*) r=0 ;;
*) r=1 ;;
esac
ok $r "manifest: the detail names the syncs and IOL-FSYNC"
is "$(tsv_col "$TMP/t.tsv" IOL-FSYNC 3)" warn "manifest: FSYNC keeps the cause"
for k in 1 2; do
	tri "$D/triage-round62/reruns/r62-labels62-ab$k-manifest.darshan"
	is "$(tsv_col "$TMP/t.tsv" IOL-META-BOUND 3)" ok "manifest rerun ab$k: META-BOUND ok"
	is "$(tsv_col "$TMP/t.tsv" IOL-FSYNC 3)" warn "manifest rerun ab$k: FSYNC warn"
done
tri "$D/triage-round62/reruns/r62-labels62-ab1-manifest-append.darshan"
is "$(tsv_col "$TMP/t.tsv" IOL-META-BOUND 3)" ok "append twin: its 1000 opens cost nothing"
# open storms labelled META-BOUND material: an open and close a record
# (20000 opens of one file), and an append log opened each step
for l in triage-round11/r11-open-close-20k triage-round29/r29-append-open-each; do
	tri "$D/$l.darshan"
	is "$(tsv_col "$TMP/t.tsv" IOL-META-BOUND 3)" high "$(basename "$l"): META-BOUND high"
done
done_testing
