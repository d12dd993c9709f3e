#!/bin/sh
# A collective-buffering aggregator is no shared-file imbalance (issue
# 34, round 52).  On parallel HDF5 with collective transfers OMPIO's one
# aggregator (rank 0) does all the POSIX I/O of the shared file, and its
# MPI-IO time holds that POSIX time; the other ranks pass their bytes
# through the same collective calls.  Both shared-file rules judge such
# a file by its MPI-IO record with the aggregator's POSIX time taken out
# of its MPI-IO time: h5p-coll, h5p-ext-big and h5p-flush (labelled
# false or unlabelled) are quiet.  The truth, awk's over `iolens parse`:
# the file's MPI-IO record has collective calls, its slowest rank is the
# POSIX record's slowest rank, and its gross MPI-IO time spread is over
# the rule's 15 % (the rule without the netting would fire: it did,
# before).  In memory (t/unit/coll-aggregator agg): the same, any file.
. "$(dirname "$0")/lib.sh"
col() { tsv_col "$1" "$2" "$3"; }
truth() { # log: "COLL SAME GROSS%" of the shared file of most MPI-IO bytes
	$RUN parse "$1" 2>/dev/null | awk '$2 == -1 && ($1 == "POSIX" || $1 == "MPI-IO") {
		k = $1 " " $3; v[k, $4] = $5
		if ($4 ~ /_BYTES_(READ|WRITTEN)$/) b[k] += $5
		if ($4 ~ /_F_(READ|WRITE|META)_TIME$/) t[k] += $5 }
		END { for (k in b) if (k ~ /^MPI-IO/ && b[k] > best) { best = b[k]; m = k }
		      split(m, a, " "); p = "POSIX " a[2]
		      coll = v[m, "MPIIO_COLL_WRITES"] + v[m, "MPIIO_COLL_READS"] > 0
		      same = v[p, "POSIX_SLOWEST_RANK"] == v[m, "MPIIO_SLOWEST_RANK"]
		      mt = t[m] / 4
		      printf "%d %d %d\n", coll, same, (100 * (v[m, "MPIIO_F_SLOWEST_RANK_TIME"] - mt) / mt > 15) }'
}
for n in r52-h5p-coll r52-h5p-ext-big r52-h5p-flush; do
	L=$TOP/t/data/triage-round52/$n.darshan
	is "$(truth "$L")" "1 1 1" "$n: truth: collective, rank 0 the aggregator, gross spread over 15 %"
	$RUN triage --all --format tsv "$L" >"$TMP/t.tsv" 2>/dev/null
	ok $? "triage $n"
	for c in IOL-SHARED-IMBALANCE IOL-SHARED-TIME-IMBALANCE; do
		s=$(col "$TMP/t.tsv" $c 3)
		case $s in ok | info) r=0 ;; *) r=1 ;; esac
		ok $r "$n: $c quiet ($s)"
	done
done
U=$TOP/t/unit/coll-aggregator
"$U" agg >"$TMP/u.tsv"
ok $? "in memory: rank 0 aggregates a collective file"
ucol() { awk -F'\t' -v c="$1" -v k="$2" '$1 == c { print $k }' "$TMP/u.tsv"; }
is "$(ucol IOL-SHARED-IMBALANCE 2) $(ucol IOL-SHARED-TIME-IMBALANCE 2)" "ok ok" \
	"agg: no imbalance of bytes or time"
"$U" nosuch >/dev/null 2>&1
is $? 2 "an unknown mode is refused"
done_testing
