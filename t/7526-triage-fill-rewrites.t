#!/bin/sh
# IOL-REDUNDANT keeps the rewrites the job's large MPI-IO calls hold
# (issue 34, round 52).  r52-h5p-ext-small: parallel HDF5 writes each
# 8 KiB chunk twice, the fill value first in 800 collective calls of
# 1 MiB, then the data in 102,400 independent 8 KiB calls (labelled
# REDUNDANT material, 2.9 s; the no-fill rerun cut MPI-IO from 8.28 to
# 2.01 s).  Main handed the rewrites' time to SMALL-REQ as "their small
# requests' time" and REDUNDANT was info; no larger small request
# removes a fill.  Its rewrites stay REDUNDANT's, their share of the
# MPI-IO time SMALL-REQ had taken as its small calls' is moved there
# (one time told once), and the detail names the library setting.  Rewrites made by small
# requests still go to SMALL-REQ (r6-direct-4k-60: 4 KiB O_DIRECT
# rewrites), and the no-fill rerun has nothing rewritten.  The truth is
# awk's over `iolens parse`: the MPI-IO calls of 1 MiB (MPIIO_ACCESS*).
# No timing of this machine is measured.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data/triage-round52
col() { tsv_col "$TMP/t.tsv" "$1" "$2"; }
big_calls() { # log: bytes of its MPI-IO calls of 1 MiB and more, from the counters
	$RUN parse "$1" 2>/dev/null | awk -F'\t' '
		$1 == "MPI-IO" && $4 ~ /^MPIIO_ACCESS[1-4]_ACCESS$/ { a[$3 " " substr($4, 13, 1)] = $5 }
		$1 == "MPI-IO" && $4 ~ /^MPIIO_ACCESS[1-4]_COUNT$/ { n[$3 " " substr($4, 13, 1)] = $5 }
		END { for (k in a) if (a[k] >= 1048576) b += a[k] * n[k]; printf "%.0f\n", b }'
}

f=$D/r52-h5p-ext-small.darshan
want=$(big_calls "$f")
is "$want" 838860800 "ext-small: the counters' MPI-IO calls of 1 MiB hold 838860800 B (800 x 1 MiB)"
$RUN triage --all --format tsv "$f" >"$TMP/t.tsv" 2>/dev/null
is $? 0 "ext-small: triage"
is "$(col IOL-REDUNDANT 3)" warn "ext-small: REDUNDANT warns (labelled material; main: info)"
col IOL-REDUNDANT 8 | grep -q "; $want B of the rewrites are MPI-IO calls of 1 MiB and more"
ok $? "ext-small: the rewrites are the large calls' $want B"
col IOL-REDUNDANT 8 | grep -q 'H5Pset_fill_time NEVER'
ok $? "ext-small: the detail names the library setting"
col IOL-REDUNDANT 8 | grep -q "small requests' time"
ok "$([ $? -ne 0 ]; echo $?)" "ext-small: the rewrites are not handed to SMALL-REQ"
s=$(col IOL-REDUNDANT 8 | sed -n 's/.*; \([0-9.]*\) s at stake.*/\1/p')
ok "$(awk -v s="$s" 'BEGIN { exit !(s >= 1) }' && echo 0 || echo 1)" "ext-small: $s s at stake, at least 1 s"
col IOL-SMALL-REQ 8 | grep -q "the large calls' rewrites, IOL-REDUNDANT's: not counted again"
ok $? "ext-small: SMALL-REQ's MPI-IO time gives the large calls' rewrites up"
for r in "$D"/reruns/r52-labels52-ab*-h5p-ext-small.darshan "$D"/reruns/r52-labels52-fl1-ext-small.darshan; do
	$RUN triage --all --format tsv "$r" >"$TMP/t.tsv" 2>/dev/null
	is "$(col IOL-REDUNDANT 3)" warn "$(basename "$r"): REDUNDANT warns"
done
$RUN triage --all --format tsv "$D/reruns/r52-labels52-fl1-ext-small-nofill.darshan" >"$TMP/t.tsv" 2>/dev/null
is "$(col IOL-REDUNDANT 3)" ok "ext-small-nofill: 96 B rewritten, REDUNDANT ok"

# rewrites by small requests stay SMALL-REQ's time
$RUN triage --all --format tsv "$TOP/t/data/triage-round6/r6-direct-4k-60.darshan" >"$TMP/t.tsv" 2>/dev/null
col IOL-REDUNDANT 8 | grep -q "small requests' time, IOL-SMALL-REQ's: not counted again"
ok $? "r6-direct-4k-60: 4 KiB rewrites are still SMALL-REQ's time"
is "$(col IOL-REDUNDANT 3)" info "r6-direct-4k-60: REDUNDANT info"
# one collective write a rank: nothing rewritten
$RUN triage --all --format tsv "$D/r52-h5p-coll.darshan" >"$TMP/t.tsv" 2>/dev/null
ok "$([ "$(col IOL-REDUNDANT 3)" != warn ]; echo $?)" "h5p-coll: no REDUNDANT finding"
done_testing
