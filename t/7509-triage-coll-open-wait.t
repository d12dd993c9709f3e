#!/bin/sh
# A rank's wait in the collective opens and closes of a sub-communicator's
# files is not I/O (issue 34, round 51; lib/analysis/triwait.c): r51-ens-
# sharedin's members of 2 ranks each open their own file collectively, and
# rank 1 waits 3.59 s in member0's open for rank 0's compute (their own
# records: MPIIO_F_META_TIME 3.590 against 0.232 s).  The job-wide mean
# (8 ranks) diluted it under 1 s, so IO-TIME warned "5.808 s in MPI-IO of
# a 9.348 s run", labelled false.  Now the slowest rank's own wait beyond
# the least rank's is left out: 1.854 s, ok.  A collective job's real
# I/O time stays a finding (round 11's app-ok, labelled material, 15.7 s:
# every rank in the same collective writes), and a job with no per-rank
# collectively opened record keeps its reading (mpi-io-test, one shared
# record: the mean's).
. "$(dirname "$0")/lib.sh"

iot() {
	$RUN triage --all --format tsv "$1" 2>/dev/null |
		awk -F'\t' '$2 == "IOL-IO-TIME" { printf "%s %.3f|%s", $3, $10, $8 }'
}

D=$TOP/t/data
r=$(iot "$D/triage-round51/r51-ens-sharedin.darshan")
diag "r51-ens-sharedin: $r"
is "${r%%|*}" "ok 1.854" "ens-sharedin: IO-TIME ok at 1.854 s (main: warn, 4.79 s)"
case $r in
*"3.955 s a rank of MPI-IO metadata beyond POSIX's not counted"*) w=0 ;;
*) w=1 ;;
esac
ok $w "ens-sharedin: the 3.955 s wait told as not counted"
r=$(iot "$D/triage-round11/r11-app-ok.darshan")
is "${r%%|*}" "warn 15.943" "r11-app-ok: a collective job's own I/O time still warns"
r=$(iot "$D/triage-round51/r51-ens-split.darshan")
diag "r51-ens-split: ${r%%|*}"
case ${r%%|*} in
warn* | high*) ok 1 "ens-split (labelled fine) quiet" ;;
*) ok 0 "ens-split (labelled fine) quiet" ;;
esac
done_testing
