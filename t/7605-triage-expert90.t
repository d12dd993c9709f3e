#!/bin/sh
# iolens triage against a ninetieth, held-out round of independent
# labels: t/data/triage-expert90.tsv (issue 34), 6 logs we made by
# running a Fortran ocean-model-like program (gfortran + Open MPI 4.1,
# 8-16 ranks) under Darshan 3.5.0, four on the local disk, two on a
# blkio-throttled sync mount (t/data/triage-round90/): a history written
# collectively through subarray views, per-rank diagnostics through
# gfortran's buffer, a file-per-process unformatted sequential restart
# (fine); the history written one 256-B water column at a time with
# independent MPI_File_write_at, a FLUSH after every diagnostics line on
# a sync mount, every rank re-reading the whole forcing file every step
# (problems); labelled from raw counters before the first score
# (250d40c9; triage-expert90.md).  Every log is ours: nothing needs
# ../shared.  Holds the values measured when the set was first scored
# (main's binary at 10caec2b) as floors: strict precision 4/5 (diagflush's
# SHARED-SMALL is the collective history's waits; 4/4 since collective
# calls' time is their records', t/7613), recall per root cause
# 3/3, per label 4/8 (NO-COLLECTIVE, SHARED-SMALL and two IO-TIMEs are
# companions of found causes).  The reruns
# (reruns/r90-labels90-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 90 6 6 1.000 1.000 0.500 4
rerun_diag 90 hist diag restart colwrite diagflush forceeach
done_testing
