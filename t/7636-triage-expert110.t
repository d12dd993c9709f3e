#!/bin/sh
# iolens triage against a hundred-and-tenth, held-out round of
# independent labels: t/data/triage-expert110.tsv (issue 34), 6 logs we
# made by running astronomy survey pipelines (C/MPI at 4 and 8 ranks, a
# Python/numpy cutout step) under Darshan 3.5.0, four on the local disk,
# two on a blkio-throttled sync mount (t/data/triage-round110/): a
# calibration where every rank reads bias+flat once, a coadd reading
# headers card by card, 300 cutouts as small files (fine); catalogue
# rows appended by open/write/close of 47 B each, calibration frames
# re-read for every 16-row strip, 1200 cutouts as small files on the
# sync mount (problems); labelled from raw counters before the first
# score (c7594ac5; triage-expert110.md).  Every log is ours: nothing
# needs ../shared.
# Holds the values measured when the set was first scored (main's binary
# at 8478b2fa) as floors: strict precision 7/7, recall per root cause
# 3/3, per label 7/7.  The reruns (reruns/r110-labels110-ab{1,2}-NAME)
# are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 110 6 6 1.000 1.000 1.000 7
rerun_diag 110 calib coadd cutouts catrow recal cutstorm
done_testing
