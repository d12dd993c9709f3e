#!/bin/sh
# IOL-STRAGGLER's stake for a rank slow because it has more bytes than
# its phase's mean rank (issue 34, round 49): what balance saves, not
# its lag behind the median rank.  r49-imbal-skew: 4 ranks read a
# 256 MiB field, rank 0 four times the others' share (153391688 B vs
# 38347922); it ends 1.318 s after the median rank, but an even split
# (twins/r49-imbal-even) saved 0.80-1.09 s, 0.92 s for the config: the
# others would read more, so the phase ends near the mean rank's time.
# Labelled trivial (under 1 s); its two reruns must agree.  A straggler
# labelled material still warns: r5-imbalance (rank 0 writes most, 1.6
# s labelled) and r38-strag-fsync (equal bytes, syncs of its own: the
# median's stake, 2.2 s, unchanged).  Every log is ours.
. "$(dirname "$0")/lib.sh"

# strag LOG: "SEVERITY STAKE" of IOL-STRAGGLER, DETAIL in $TMP/detail
strag() {
	$RUN triage --all --format tsv "$1" >"$TMP/out.tsv" 2>"$TMP/err"
	awk -F'\t' '$2 == "IOL-STRAGGLER" { print $8 }' "$TMP/out.tsv" >"$TMP/detail"
	awk -F'\t' '$2 == "IOL-STRAGGLER" { printf "%s %.3f\n", $3, $10 }' "$TMP/out.tsv"
}

D=$TOP/t/data/triage-round49
s=$(strag "$D/r49-imbal-skew.darshan")
diag "imbal-skew: $s; $(cat "$TMP/detail")"
is "${s%% *}" info "imbal-skew: STRAGGLER below the impact floor (labelled trivial)"
awk -v s="${s#* }" 'BEGIN { exit !(s >= 0.80 && s < 1.09) }'
ok $? "imbal-skew: stake ${s#* } s within what balance saved (0.80-1.09 s)"
grep -q 'ended 1.318 s after the median .*more bytes than the mean rank: balance saves 0.984 s' "$TMP/detail"
ok $? "imbal-skew: the detail tells the median's lag and the balanced stake"
for r in "$D"/reruns/r49-labels49-ab*-imbal-skew.darshan; do
	s=$(strag "$r")
	diag "$(basename "$r"): $s"
	is "${s%% *}" info "$(basename "$r" .darshan): the first run's verdict"
done

s=$(strag "$TOP/t/data/triage-round5/r5-imbalance.darshan")
diag "r5-imbalance: $s"
is "${s%% *}" warn "r5-imbalance: material straggler still warns"
awk -v s="${s#* }" 'BEGIN { exit !(s >= 1 && s < 3.639) }'
ok $? "r5-imbalance: stake ${s#* } s, over 1 s, under the median's 3.639 s lag"
s=$(strag "$TOP/t/data/triage-round38/r38-strag-fsync.darshan")
diag "r38-strag-fsync: $s"
is "$s" "warn 2.202" "r38-strag-fsync: equal bytes keep the median's stake"
done_testing
