#!/bin/sh
# What t/7533 leaves alone (issue 34, round 55): POSIX bytes beyond
# MPI-IO's are still a rank's own imbalance when no aggregator did the
# others' I/O, and a collective file's MPI-IO record still tells an
# uneven decomposition.  r14-prealloc (independent MPI-IO writes: every
# rank wrote its 64 MiB through POSIX, rank 0 the 256 MiB of zeros too,
# 3.297 s against 0.057 s), labelled material, keeps both warnings.  In
# memory (t/unit/coll-prealloc): imbal, one aggregator but the MPI-IO
# record shows rank 2 passing 512 MiB against the fastest's 128 MiB in
# 9 s, is an imbalance of bytes and time; noagg, collective calls with
# every rank writing its own bytes through POSIX and rank 0 the zeros,
# keeps the POSIX reading.
. "$(dirname "$0")/lib.sh"
col() { tsv_col "$1" "$2" "$3"; }
L=$TOP/t/data/triage-round14/r14-prealloc.darshan
$RUN parse "$L" 2>/dev/null | awk '$1 == "POSIX" && $2 == -1 && $4 == "POSIX_FASTEST_RANK_BYTES" &&
	$6 ~ /pre\.dat$/ { print $5 }' >"$TMP/fb"
is "$(cat "$TMP/fb")" 67108864 "r14-prealloc: truth: every rank wrote POSIX bytes (fastest 64 MiB)"
$RUN triage --all --format tsv "$L" >"$TMP/t.tsv" 2>/dev/null
ok $? "triage r14-prealloc"
for c in IOL-SHARED-IMBALANCE IOL-SHARED-TIME-IMBALANCE; do
	is "$(col "$TMP/t.tsv" $c 3)" warn "r14-prealloc: $c found"
done
U=$TOP/t/unit/coll-prealloc
ucol() { awk -F'\t' -v c="$1" -v k="$2" '$1 == c { print $k }' "$TMP/u.tsv"; }
"$U" imbal >"$TMP/u.tsv"
ok $? "in memory: one aggregator, an uneven decomposition"
is "$(ucol IOL-SHARED-IMBALANCE 2) $(ucol IOL-SHARED-TIME-IMBALANCE 2)" "warn warn" \
	"imbal: the MPI-IO record's unequal bytes and time found"
ucol IOL-SHARED-TIME-IMBALANCE 4 | grep -q 'rank 2 took 9.000 s, the mean rank 5.625 s'
ok $? "imbal: rank 2 the straggler, judged at the MPI-IO layer"
"$U" noagg >"$TMP/u.tsv"
ok $? "in memory: collective calls, no aggregation"
is "$(ucol IOL-SHARED-IMBALANCE 2) $(ucol IOL-SHARED-TIME-IMBALANCE 2)" "warn warn" \
	"noagg: rank 0's own zeros an imbalance"
ucol IOL-SHARED-TIME-IMBALANCE 4 | grep -q 'rank 0 took 4.000 s, the mean rank 1.600 s'
ok $? "noagg: judged on the POSIX record"
"$U" nosuch >/dev/null 2>&1
is $? 2 "an unknown mode is refused"
done_testing
