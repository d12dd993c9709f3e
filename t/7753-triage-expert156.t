#!/bin/sh
# iolens triage against a hundred-and-fifty-sixth, held-out round of
# independent labels: t/data/triage-expert156.tsv (issue 34), 5 logs we
# made by running a regional centre's ordinary day drawn by lot (20 job
# kinds listed, 5 drawn: C++ mesh partitioner, Fortran WRF-like
# forecast, C++ GROMACS-like MD, C++ aligner, Fortran climate
# post-processing; 1 to 4 ranks) under Darshan 3.5.0, four on the local
# disk, one on a blkio-throttled sync mount (t/data/triage-round156/):
# rank 0 reading the mesh and scattering it, bulk STDIO trajectory and
# checkpoints, cold 128 KiB reads of monthly files (fine); a flush +
# fsync after every history record, one 256-B read(2) per input record
# (problems); labelled from raw counters before the first score
# (54a0f4ad; triage-expert156.md).  Every log is ours: nothing needs
# ../shared.
# Holds the values measured when the set was first scored (main's binary
# at 1497fc74) as floors: strict precision 4/4, recall per root cause
# 2/2, per label 4/4.  The reruns
# (reruns/r156-labels156-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 156 5 5 1.000 1.000 1.000 4
rerun_diag 156 meshpart gmx clim wrf align
done_testing
