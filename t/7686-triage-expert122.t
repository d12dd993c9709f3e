#!/bin/sh
# iolens triage against a hundred-and-twenty-second, held-out round of
# independent labels: t/data/triage-expert122.tsv (issue 34), 5 logs we
# made by running jobs of a university centre's teaching and
# student-research queue (kinds drawn by lot, seed 122: Fortran, C/MPI at
# 4 ranks, Python/numpy) under Darshan 3.5.0, four on the local disk, one
# on a blkio-throttled sync mount (t/data/triage-round122/): a Jacobi
# solver with one restart, a collective 2D-array assignment, a 300-file
# parameter sweep (fine); a Monte Carlo CSV fsync'ed every row, a time
# series re-read once per frequency band (problems); labelled from raw
# counters before the first score (e8531a30; triage-expert122.md).
# Every log is ours: nothing needs ../shared.
# Holds the values measured when the set was first scored (main's binary
# at ed30474e) as floors: strict precision 3/3, recall per root cause
# 2/2, per label 3/3.  The reruns (reruns/r122-labels122-ab{1,2}-NAME)
# are printed (mcfsync's IO-TIME, same root cause as FSYNC, drops in both
# reruns: their fsyncs took 2.4 s of 4.9-5.8 s, under 50 %).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 122 5 5 1.000 1.000 1.000 3
rerun_diag 122 cfd array sweep mcfsync spectral
done_testing
