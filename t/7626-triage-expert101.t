#!/bin/sh
# iolens triage against a hundred-and-first, held-out round of
# independent labels: t/data/triage-expert101.tsv (issue 34), 5 logs we
# made by running hydrology and land-surface models (C serial and C/MPI
# at 4 ranks) under Darshan 3.5.0 on the local disk
# (t/data/triage-round101/): a model reading 1200 small gauge files, a
# 4-rank model reading its slab of a gridded forcing each step (fine); a
# calibration loop re-reading the whole forcing in each of 40 runs, an
# fsync per 32-B basin output line, forcing read one 4-byte cell per
# read(2) (problems); labelled from raw counters before the first score
# (c291ffe8; triage-expert101.md).  Every log is ours: nothing needs
# ../shared.  Holds the values measured when the set was first scored
# (main's binary at 361a5bf3) as floors: strict precision 5/5, recall
# per root cause 3/3, per label 5/5.  The reruns
# (reruns/r101-labels101-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 101 5 5 1.000 1.000 1.000 5
rerun_diag 101 stations forcing calib basinfsync cellread
done_testing
