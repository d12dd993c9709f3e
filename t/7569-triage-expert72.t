#!/bin/sh
# iolens triage against a seventy-second, held-out round of independent
# labels: t/data/triage-expert72.tsv (issue 34), 11 logs we made of
# legacy Fortran I/O idioms (gfortran/mpif90, a numpy reader of Fortran
# records, a coreutils sort; 1-8 ranks) under Darshan 3.5.0, five on
# blkio-throttled loop devices (t/data/triage-round72/): a namelist read
# by every rank with WRITE(*,*) logging, formatted array output one WRITE
# per element and one WRITE of the array, unformatted sequential records
# in a file per rank, direct-access records updated in place, an ASCII
# restart one value a line on a sync mount (twin: unformatted stream),
# OPEN/WRITE/CLOSE of a history file every step on a sync mount (twin:
# opened once); judged from raw counters by a labeller who had not read
# the rules nor any triage output, committed before the first score
# (a389100c; triage-expert72.md).  Every log is ours: nothing needs
# ../shared.
# Holds the values measured when the set was first scored (main's binary
# at ae386468) as floors: strict precision 2/2, recall per root cause
# 2/2, per label 2/2.
# The two reruns of each program (reruns/r72-labels72-ab{1,2}-NAME) are
# printed; all 22 reruns got their first run's verdict.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 72 11 11 1.000 1.000 1.000 2
for p in ascii-rst stream-rst oc-loop oc-once direct nml8 fmt-elem fmt-array unf-fpp pypost sortres; do
	verdicts "$TOP"/t/data/triage-round72/r72-$p.darshan \
		$(ls "$TOP"/t/data/triage-round72/reruns/r72-labels72-ab*-$p.darshan 2>/dev/null)
	diag "$p, first run then reruns: $(sed 's/^$/none/' "$TMP/verdicts" | tr '\n' ';')"
done
done_testing
