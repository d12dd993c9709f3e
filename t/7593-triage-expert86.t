#!/bin/sh
# iolens triage against an eighty-sixth, held-out round of independent
# labels: t/data/triage-expert86.tsv (issue 34), 6 logs we made by
# running in-situ visualization and analysis output of a C/MPI heat
# equation (4-8 ranks) under Darshan 3.5.0, five on the local disk, one
# on a blkio-throttled sync mount (t/data/triage-round86/): rank-0
# gathered PGM images, a VTK piece per rank per step with an index, a
# post-hoc reader of every step (fine); ASCII VTK written one write(2) a
# value, a file per block per field (1536 files), rank 0 fprintf'ing a
# gathered field as ASCII (problems); labelled from raw counters before
# the first score (15b88ef6; triage-expert86.md).  Every log is ours:
# nothing needs ../shared.
# Holds the values measured when the set was first scored (main's binary
# at 25f2d24f) as floors: strict precision 9/9, recall per root cause
# 4/4, per label 9/11 (gascii's SMALL-REQ and RANK-IMBALANCE are not
# evaluated: its only records are STDIO; their causes are found as
# STDIO-SHARE and RANK0-IO).  The reruns (reruns/r86-labels86-ab{1,2}-NAME)
# are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 86 6 6 1.000 1.000 0.818 9
rerun_diag 86 gather vtkpar posthoc smallwr storm gascii
done_testing
