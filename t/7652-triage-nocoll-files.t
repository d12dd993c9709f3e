#!/bin/sh
# IOL-NO-COLLECTIVE judges the files where the small calls are, not
# whether any call of the job is collective (issue 34, round 106):
# r106-propsite reads its configuration with 4 collective reads and
# writes two propagator files one 2304-B site per independent
# MPI_File_write_at (8192 writes, 0 collective); the collective twin ran
# 2.97 s against 36.09 s.  Labelled material, the same root cause as
# IOL-SMALL-REQ: main said "ok: 0.0488 % collective".  Now its value is
# the small calls' files' share (0 %) and it is SMALL-REQ's cause, told
# there.  The twin (collective writes), r106-meas (independent reads,
# trivial) and r107-seismic (collective MPI-IO, POSIX writes; false)
# stay ok.
. "$(dirname "$0")/lib.sh"

nocoll() {
	$RUN triage --all --format tsv "$1" 2>/dev/null |
		awk -F'\t' '$2 == "IOL-NO-COLLECTIVE" { printf "%s %g %.0f|%s", $3, $5, $10, $8 }'
}

D=$TOP/t/data/triage-round106
for f in r106-propsite reruns/r106-labels106-ab1-propsite reruns/r106-labels106-ab2-propsite; do
	r=$(nocoll "$D/$f.darshan")
	diag "$f: $r"
	case ${r%%|*} in
	"info 0 3"[0-9]) ok 0 "$f: info, 0 % collective on the small calls' files, ~33 s" ;;
	*) ok 1 "$f: info, 0 % collective on the small calls' files, ~33 s" ;;
	esac
	case $r in
	*"none on the shared files of the small calls"*"(IOL-SMALL-REQ's cause: told there)"*) w=0 ;;
	*) w=1 ;;
	esac
	ok $w "$f: told as the small calls' files' and SMALL-REQ's cause"
done
r=$(nocoll "$D/reruns/r106-labels106-tw-propsite-coll.darshan")
is "${r%%|*}" "ok 100 0" "tw-propsite-coll (collective writes): ok"
r=$(nocoll "$D/r106-meas.darshan")
is "${r%%|*}" "ok 85.7143 0" "r106-meas (independent reads, trivial): ok"
r=$(nocoll "$TOP/t/data/triage-round107/r107-seismic.darshan")
diag "r107-seismic: $r"
case ${r%%|*} in
ok*) ok 0 "r107-seismic (POSIX writes, NO-COLLECTIVE false): ok" ;;
*) ok 1 "r107-seismic (POSIX writes, NO-COLLECTIVE false): ok" ;;
esac
done_testing
