#!/bin/sh
# iolens triage against a hundred-and-twelfth, held-out round of
# independent labels: t/data/triage-expert112.tsv (issue 34), 5 logs we
# made by running an industrial engineering centre's day, 5 kinds of jobs
# drawn by lot (seed 112): C/MPI at 4 ranks, serial C and Python/numpy
# under Darshan 3.5.0, four on the local disk, one on a blkio-throttled
# sync mount (t/data/triage-round112/): a DoE surrogate training and a
# DFT catalyst screening (fine); an FFT batch reading one 4-byte pread a
# sample, a seismic inversion writing 1600 independent 2240-B traces to
# a shared file, a mesh converter writing its whole text mesh through
# fprintf (problems, the last borderline); labelled from raw counters
# before the first score (c5b013bc; triage-expert112.md).  Every log is
# ours: nothing needs ../shared.
# Holds the values measured when the set was first scored (main's binary
# at 8478b2fa) as floors: strict precision 5/5, recall per root cause
# 3/3, per label 5/7 (seisinv's NO-COLLECTIVE and SHARED-SMALL are told
# once, under SMALL-REQ).  The reruns (reruns/r112-labels112-ab{1,2}-NAME)
# are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 112 5 5 1.000 1.000 0.714 5
rerun_diag 112 doe dft cadmesh nvhfft seisinv
done_testing
