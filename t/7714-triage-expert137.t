#!/bin/sh
# iolens triage against a hundred-and-thirty-seventh, held-out round of
# independent labels: t/data/triage-expert137.tsv (issue 34), 6 logs we
# made by running transcriptomics and single-cell programs (C/MPI at 1-8
# ranks, a Python/numpy QC pass) under Darshan 3.5.0, five on the local
# disk, one on a blkio-throttled sync mount (t/data/triage-round137/): a
# reference index built once and read by every rank, count files written
# one fwrite each, a QC pass over a 384-cell plate (fine); count files
# written by a write(2) per 22-B line, one tiny file per cell (1200), a
# MatrixMarket text matrix read by 6M fscanf calls (problems); labelled
# from raw counters before the first score (bcb61e35;
# triage-expert137.md).  Every log is ours: nothing needs ../shared.
# Holds the values measured when the set was first scored (main's binary
# at ad542ef6) as floors: strict precision 7/7, recall per root cause
# 3/3, per label 7/8 (mtx's SMALL-REQ is not evaluated: its reads are
# STDIO only, which has no size histogram; STDIO-SHARE tells the cause).
# The reruns (reruns/r137-labels137-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 137 6 6 1.000 1.000 0.875 7
rerun_diag 137 index counts qc countsw cells mtx
done_testing
