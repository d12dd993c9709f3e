#!/bin/sh
# IOL-NO-MPIIO judges the files, not whether the job uses MPI-IO
# somewhere (issue 34, round 107): r107-seismic reads its input through
# MPI-IO but every rank writes out.sgy, a trace at a time, through POSIX
# with no MPI-IO record for it; labelled true (trivial: the fix is the
# request count, SHARED-SMALL's).  Main said "ok: the job uses MPI-IO".
# Now it is info (the rule's severity: never a warning) naming the one
# file.  r106-propsite, whose shared written files are MPI-IO's, stays
# ok.
. "$(dirname "$0")/lib.sh"

nompi() {
	$RUN triage --all --format tsv "$1" 2>/dev/null |
		awk -F'\t' '$2 == "IOL-NO-MPIIO" { printf "%s %g|%s", $3, $5, $8 }'
}

D=$TOP/t/data/triage-round107
for f in r107-seismic reruns/r107-labels107-ab1-seismic reruns/r107-labels107-ab2-seismic; do
	r=$(nompi "$D/$f.darshan")
	diag "$f: $r"
	is "${r%%|*}" "info 1" "$f: info, 1 shared file written without MPI-IO"
	case $r in
	*"1 files all ranks opened and wrote 1 MiB or more to through POSIX (a write a rank or more) with no MPI-IO record, though the job uses MPI-IO on others"*) w=0 ;;
	*) w=1 ;;
	esac
	ok $w "$f: the file told, beside the job's MPI-IO"
done
r=$(nompi "$TOP/t/data/triage-round106/r106-propsite.darshan")
is "$r" "ok 0|the job uses MPI-IO for every file all ranks opened and wrote 1 MiB or more to (a write a rank or more)" \
	"r106-propsite (its shared written files are MPI-IO's): ok"
done_testing
