#!/bin/sh
# iolens triage against a hundred-and-thirty-fifth, held-out round of
# independent labels: t/data/triage-expert135.tsv (issue 34), 5 logs we
# made by running a reservoir simulator (C/MPI at 4 and 8 ranks) under
# Darshan 3.5.0, three on the local disk, two on a blkio-throttled sync
# mount (t/data/triage-round135/): a deck read by rank 0 and broadcast,
# its restart, an 8-member history-matching ensemble (fine); fields
# written as 4 KiB block-cyclic pieces by independent MPI-IO, the input
# deck re-read every other step (problems); labelled from raw counters
# before the first score (4f0c9de6; triage-expert135.md).  Every log is
# ours: nothing needs ../shared.
# Holds the values measured when the set was first scored (main's binary
# at ad542ef6) as floors: strict precision 4/5 (reread's RANK-IMBALANCE
# blames rank 0's bytes, which are the re-reads), recall per root cause
# 2/2, per label 4/6 (fieldsmall's SHARED-SMALL and NO-COLLECTIVE are
# told as SMALL-REQ's cause, info).  The reruns
# (reruns/r135-labels135-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 135 5 5 0.800 1.000 0.666 4
rerun_diag 135 bcast restart ensemble fieldsmall reread
done_testing
