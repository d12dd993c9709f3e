#!/bin/sh
# The wait in a collective open or close counts from a shared MPI-IO
# record too (issue 34, round 145): the slowest rank's time beyond all
# the ranks' reads and writes there and the fastest rank's whole time
# is the close waiting for ranks still computing, whatever the data
# calls.  r145-seismic: rank 2 3.763 s, reads 0.038 s summed over 4
# ranks, the fastest rank 0.033 s; the job-wide mean of the metadata
# (2.09 s a rank) left 1.65 s for NO-COLLECTIVE's "waiting beyond
# POSIX", labelled false with IO-TIME.  Small independent writes that
# take the time stay found (r145-lqcd, r44-shared-indep: IO-TIME and
# NO-COLLECTIVE, labelled material).
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data
col() {	# col <log> <code> <field>: a field of the rule's tsv row
	$RUN triage --all --format tsv "$1" |
		awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }'
}
for x in triage-round145/r145-seismic \
	triage-round145/reruns/r145-labels145-ab1-seismic; do
	f=$D/$x.darshan
	for c in IOL-NO-COLLECTIVE IOL-IO-TIME; do
		s=$(col "$f" $c 3)
		diag "$x $c: $s, $(col "$f" $c 10) s at stake"
		case $s in warn|high) ok 1 "$(basename $x): $c quiet" ;;
		*) ok 0 "$(basename $x): $c quiet" ;; esac
	done
done
for x in triage-round145/r145-lqcd triage-round44/r44-shared-indep; do
	f=$D/$x.darshan
	s=$(col "$f" IOL-IO-TIME 3)
	k=$(col "$f" IOL-NO-COLLECTIVE 10)
	diag "$x IO-TIME: $s; NO-COLLECTIVE $(col "$f" IOL-NO-COLLECTIVE 3), $k s"
	case $s in warn|high) ok 0 "$(basename $x): IO-TIME found" ;;
	*) ok 1 "$(basename $x): IO-TIME found" ;; esac
	awk -v k="$k" 'BEGIN { exit !(k >= 10) }'
	ok $? "$(basename $x): NO-COLLECTIVE stakes 10 s or more"
done
done_testing
