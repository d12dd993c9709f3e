#!/bin/sh
# What t/7513's netting leaves alone (issue 34, round 52): a true
# shared-file imbalance of a round stays a finding.  r13-read-skew5
# (POSIX only: rank 3 read 320 MiB of 1 GiB), r14-prealloc (independent
# MPI-IO: rank 0 wrote 320 MiB, the others 64 MiB) and r47-ftn-reread
# (rank 0's re-reads), labelled material, keep their warnings.  In
# memory (t/unit/coll-aggregator): a collective file whose aggregator
# passed twice the mean rank's bytes and took 4.5 s beyond its 4 s of
# aggregation (straggler) is an imbalance of bytes and time; the
# aggregated file through independent calls (indep) keeps today's
# reading, its time spread a finding.
. "$(dirname "$0")/lib.sh"
col() { tsv_col "$1" "$2" "$3"; }
for p in 13/r13-read-skew5:IOL-SHARED-IMBALANCE 14/r14-prealloc:IOL-SHARED-IMBALANCE \
	14/r14-prealloc:IOL-SHARED-TIME-IMBALANCE 47/r47-ftn-reread:IOL-SHARED-TIME-IMBALANCE; do
	L=$TOP/t/data/triage-round${p%%:*}.darshan
	c=${p#*:}
	n=$(basename "${p%%:*}")
	$RUN triage --all --format tsv "$L" >"$TMP/t.tsv" 2>/dev/null
	ok $? "triage $n"
	is "$(col "$TMP/t.tsv" "$c" 3)" warn "$n: $c found"
done
U=$TOP/t/unit/coll-aggregator
ucol() { awk -F'\t' -v c="$1" -v k="$2" '$1 == c { print $k }' "$TMP/u.tsv"; }
"$U" straggler >"$TMP/u.tsv"
ok $? "in memory: the aggregator of a collective file passed 512 MiB of 1 GiB"
is "$(ucol IOL-SHARED-IMBALANCE 2) $(ucol IOL-SHARED-TIME-IMBALANCE 2)" "warn warn" \
	"straggler: unequal bytes and time at the MPI-IO layer found"
ucol IOL-SHARED-TIME-IMBALANCE 4 | grep -q 'rank 0 took 4.500 s, the mean rank 1.500 s'
ok $? "straggler: judged net of its 4 s of aggregation"
"$U" indep >"$TMP/u.tsv"
is "$(ucol IOL-SHARED-TIME-IMBALANCE 2)" warn "indep: an independent file keeps today's reading"
done_testing
