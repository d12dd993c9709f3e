#!/bin/sh
# IOL-STRAGGLER is no straggler on a collective-buffering aggregator
# (strag_aggr(); issue 34, round 102): r102-ckdaily's 4 ranks overwrite
# an 8 MiB checkpoint daily through MPI_File_write_at_all, ROMIO's one
# aggregator, rank 0, does every POSIX write (9.63 s) and ranks 1-3 wait
# inside MPI-IO.  Before, STRAGGLER warned "rank 0 ended 23.919 s after
# the median" in the run, both reruns and both twins (labelled false).
# A rank late at its own I/O beside others' POSIX I/O still is one:
# r38-strag-fsync's rank 3 (labelled material).
. "$(dirname "$0")/lib.sh"

D="$TOP/t/data/triage-round102"
for f in "$D/r102-ckdaily.darshan" "$D"/reruns/r102-labels102-*ckdaily*.darshan; do
	$RUN triage --all --format tsv "$f" >"$TMP/out" 2>"$TMP/err"
	is $? 0 "triage runs: ${f##*/}"
	s=$(awk -F'\t' '$2 == "IOL-STRAGGLER" { print $3 }' "$TMP/out")
	ok $([ "$s" != warn ] && [ "$s" != crit ]; echo $?) \
		"${f##*/}: STRAGGLER not raised on the aggregator ($s)"
	grep -q "IOL-STRAGGLER	.*phase 1 (write, [^)]*): rank 0 ended" "$TMP/out"
	ok $([ $? -ne 0 ]; echo $?) "${f##*/}: the aggregator's write phase not told"
	case $f in */*ab1-tw-ckdaily-10.darshan) cp "$TMP/out" "$TMP/tw" ;; esac
done
# the twin's only phase over the threshold is its aggregator's
grep -q "IOL-STRAGGLER	.*last rank 0 is a collective-buffering aggregator" \
	"$TMP/tw"
ok $? "STRAGGLER's detail names the aggregator"
$RUN triage --all --format tsv "$TOP/t/data/triage-round38/r38-strag-fsync.darshan" \
	>"$TMP/out" 2>"$TMP/err"
is "$(awk -F'\t' '$2 == "IOL-STRAGGLER" { print $3 }' "$TMP/out")" warn \
	"r38-strag-fsync: a rank slow at its own I/O still is a straggler"
done_testing
