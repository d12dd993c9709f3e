#!/bin/sh
# iolens triage against a hundred-and-twenty-fourth, held-out round of
# independent labels: t/data/triage-expert124.tsv (issue 34), 5 logs we
# made by running a weather and climate centre's jobs, drawn by lot
# (seed 124), under Darshan 3.5.0 (C/MPI at 4 ranks, a serial C
# extractor, a Python/numpy verification), four on the local disk, one
# on a blkio-throttled sync mount (t/data/triage-round124/): a forecast
# model's hourly history output, a 4D-Var, a verification reading 120
# fields (fine); a point time series read by fseek+fread of each 4-byte
# value, a restart dump overwritten every model day (problems); labelled
# from raw counters before the first score (b64b74b7;
# triage-expert124.md).  Every log is ours: nothing needs ../shared.
# Holds the values measured when the set was first scored (main's binary
# at c7bc3abf) as floors: strict precision 2/4 (extract's META-BOUND and
# STDIO-SHARE judged wrong causes), recall per root cause 2/2, per label
# 2/5.  The reruns (reruns/r124-labels124-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 124 5 5 0.500 1.000 0.400 2
rerun_diag 124 nwp var4d verif extract restart
done_testing
