#!/bin/sh
# One aggregator's POSIX bytes are no shared-file imbalance, whatever
# they hold beyond MPI-IO's (issue 34, round 55).  r55-prealloc: under
# OMPIO on one node rank 0 aggregates every rank's collective writes and
# writes MPI_File_preallocate's zeros alone, so the shared POSIX record
# holds twice MPI-IO's bytes, all rank 0's; the MPI-IO record shows the
# ranks even (FASTEST_RANK_BYTES = SLOWEST_RANK_BYTES).  The POSIX spread
# is the aggregator's share, not a rank's own: both shared-file rules
# judge the file by its MPI-IO record and are quiet there (labelled
# false), in the labelled run and its two reruns; IOL-REDUNDANT keeps
# the zeros, and IOL-FEW-AGGREGATORS (the cb_nodes advice) judges the
# one aggregator.  The truth, awk's over `iolens parse`: for the shared
# file of most POSIX bytes, "COLL EVEN NOPOSIX BEYOND" (collective
# calls, MPI-IO bytes even, a rank with no POSIX byte, POSIX bytes at
# least 1.5 times MPI-IO's: the reading before round 55 judged its
# POSIX spread).  In memory (t/unit/coll-prealloc agg): the same.
. "$(dirname "$0")/lib.sh"
col() { tsv_col "$1" "$2" "$3"; }
truth() {
	$RUN parse "$1" 2>/dev/null | awk '$2 == -1 && ($1 == "POSIX" || $1 == "MPI-IO") {
		k = $1 " " $3; v[k, $4] = $5
		if ($4 ~ /_BYTES_(READ|WRITTEN)$/) b[k] += $5 }
		END { for (k in b) if (k ~ /^POSIX/ && b[k] > best) { best = b[k]; p = k }
		      split(p, a, " "); m = "MPI-IO " a[2]
		      printf "%d %d %d %d\n", (v[m, "MPIIO_COLL_WRITES"] + v[m, "MPIIO_COLL_READS"] > 0),
			(v[m, "MPIIO_FASTEST_RANK_BYTES"] == v[m, "MPIIO_SLOWEST_RANK_BYTES"]),
			(v[p, "POSIX_FASTEST_RANK_BYTES"] == 0), (b[p] >= 1.5 * b[m]) }'
}
D=$TOP/t/data/triage-round55
for L in $D/r55-prealloc.darshan $D/reruns/r55-labels55-ab1-prealloc.darshan \
	$D/reruns/r55-labels55-ab2-prealloc.darshan; do
	n=$(basename "$L" .darshan)
	is "$(truth "$L")" "1 1 1 1" "$n: truth: collective, MPI-IO even, one aggregator, POSIX beyond"
	$RUN triage --all --format tsv "$L" >"$TMP/t.tsv" 2>/dev/null
	ok $? "triage $n"
	for c in IOL-SHARED-IMBALANCE IOL-SHARED-TIME-IMBALANCE; do
		s=$(col "$TMP/t.tsv" $c 3)
		case $s in ok | info) r=0 ;; *) r=1 ;; esac
		ok $r "$n: $c quiet ($s)"
	done
	is "$(col "$TMP/t.tsv" IOL-REDUNDANT 3)" warn "$n: the zeros stay IOL-REDUNDANT's"
	col "$TMP/t.tsv" IOL-FEW-AGGREGATORS 8 | grep -q 'about 1 of 4 ranks did the POSIX I/O'
	ok $? "$n: IOL-FEW-AGGREGATORS judges the one aggregator"
done
"$TOP/t/unit/coll-prealloc" agg >"$TMP/u.tsv"
ok $? "in memory: one aggregator wrote the data and the zeros"
ucol() { awk -F'\t' -v c="$1" -v k="$2" '$1 == c { print $k }' "$TMP/u.tsv"; }
is "$(ucol IOL-SHARED-IMBALANCE 2) $(ucol IOL-SHARED-TIME-IMBALANCE 2)" "ok ok" \
	"agg: no imbalance of bytes or time"
is "$(ucol IOL-REDUNDANT 2)" warn "agg: the zeros are IOL-REDUNDANT's"
done_testing
