#!/bin/sh
# IOL-SHARED-TIME-IMBALANCE leaves out a shared MPI-IO file's spread
# that only its collective open and close can hold, with independent
# data calls too (issue 34, round 145).  MPI_File_open and close are
# collective on every file: a rank that finishes its share early waits
# there for the ranks still computing.  r145-seismic: 4 ranks read shot
# gathers in 1 MiB independent reads (0.038 s summed over the ranks),
# rank 2 took 3.763 s against the mean rank's 2.103 s, all of it
# MPIIO_F_META_TIME over 0.000015 s of POSIX metadata (labelled false;
# its rerun ab1 warned too).  A rank's lag within its own independent
# calls stays its spread (r14-prealloc, r47-ftn-reread: labelled
# material).
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data
col() {	# col <log> <code> <field>: a field of the rule's tsv row
	$RUN triage --all --format tsv "$1" |
		awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }'
}
for x in triage-round145/r145-seismic \
	triage-round145/reruns/r145-labels145-ab1-seismic; do
	f=$D/$x.darshan
	s=$(col "$f" IOL-SHARED-TIME-IMBALANCE 3)
	diag "$x SHARED-TIME-IMBALANCE: $s: $(col "$f" IOL-SHARED-TIME-IMBALANCE 8)"
	case $s in warn|high) ok 1 "$(basename $x): the close's wait is no imbalance" ;;
	*) ok 0 "$(basename $x): the close's wait is no imbalance" ;; esac
done
for x in triage-round14/r14-prealloc triage-round47/r47-ftn-reread; do
	f=$D/$x.darshan
	s=$(col "$f" IOL-SHARED-TIME-IMBALANCE 3)
	diag "$x SHARED-TIME-IMBALANCE: $s"
	case $s in warn|high) ok 0 "$(basename $x): still found" ;;
	*) ok 1 "$(basename $x): still found" ;; esac
done
done_testing
