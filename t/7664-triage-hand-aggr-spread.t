#!/bin/sh
# Shared-file imbalance rules on I/O aggregated by hand (issue 34, round
# 113): where a few ranks moved a shared file's bytes in equal shares and
# the rest only opened it, the spread is judged among the movers, not
# against ranks that only opened it.  r113-tp (8 ranks, two-phase I/O by
# MPI point-to-point to ranks 0 and 4, which wrote 24 MiB each at the
# throttled device's pace) warned SHARED-IMBALANCE 300 % and
# SHARED-TIME-IMBALANCE "rank 4 took 1.761 s, the mean rank 0.445 s",
# labelled false.  In memory (t/unit/hand-aggr): the same shape is quiet;
# an imbalance among the movers, a lone slow mover and a plain
# straggler of a file every rank wrote stay findings.
. "$(dirname "$0")/lib.sh"
col() { tsv_col "$1" "$2" "$3"; }
L=$TOP/t/data/triage-round113/r113-tp.darshan
$RUN parse "$L" 2>/dev/null | awk '$1 == "POSIX" && $2 == -1 && $6 ~ /tp\.dat$/ &&
	($4 == "POSIX_FASTEST_RANK_BYTES" || $4 == "POSIX_SLOWEST_RANK_BYTES") { print $5 }' >"$TMP/b"
is "$(tr '\n' ' ' <"$TMP/b")" "0 25165824 " \
	"r113-tp: truth: the fastest rank wrote none, the slowest 24 MiB"
$RUN triage --all --format tsv "$L" >"$TMP/t.tsv" 2>/dev/null
ok $? "triage r113-tp"
for c in IOL-SHARED-IMBALANCE IOL-SHARED-TIME-IMBALANCE; do
	is "$(col "$TMP/t.tsv" $c 3)" ok "r113-tp: $c judged among the 2 writers: ok"
done
U=$TOP/t/unit/hand-aggr
ucol() { awk -F'\t' -v c="$1" -v k="$2" '$1 == c { print $k }' "$TMP/u.tsv"; }
for m in agg uneven slow all; do
	"$U" $m >"$TMP/u.tsv"
	ok $? "in memory: $m"
	echo "$(ucol IOL-SHARED-IMBALANCE 2) $(ucol IOL-SHARED-TIME-IMBALANCE 2)" >"$TMP/$m"
done
is "$(cat "$TMP/agg")" "ok ok" "agg: 2 equal writers of 8, the rest opens: no imbalance"
is "$(cat "$TMP/uneven")" "warn warn" "uneven: 36 against 12 MiB among 2 writers found"
"$U" uneven >"$TMP/u.tsv"
ucol IOL-SHARED-TIME-IMBALANCE 4 | grep -q 'rank 0 took 5.400 s, the mean rank 3.600 s'
ok $? "uneven: judged against the writers' mean"
is "$(cat "$TMP/slow")" "ok warn" "slow: a lone slow writer of 4 is a straggler"
is "$(cat "$TMP/all")" "ok warn" "all: every rank wrote, rank 2 the straggler, as before"
"$U" all >"$TMP/u.tsv"
ucol IOL-SHARED-TIME-IMBALANCE 4 | grep -q 'rank 2 took 3.000 s, the mean rank 1.250 s'
ok $? "all: judged against all 8 ranks' mean"
"$U" nosuch >/dev/null 2>&1
is $? 2 "an unknown mode is refused"
done_testing
