#!/bin/sh
# iolens triage against an eighty-seventh, held-out round of independent
# labels: t/data/triage-expert87.tsv (issue 34), 6 logs we made by
# running particle-physics event processing (C/MPI at 4 ranks, a serial
# C skim, a Python/numpy hadd) under Darshan 3.5.0, three on the local
# disk, three with their calibration database or output on a
# blkio-throttled sync mount (t/data/triage-round87/): a reconstruction
# reading ROOT-like baskets in event order, a skim, a hadd of 40
# histogram files (fine); the calibration database as 2000 small files
# read by every rank, merged histograms written as stdio text, a skim
# writing each kept event with its own write (problems); labelled from
# raw counters before the first score (d741cbc8; triage-expert87.md).
# Every log is ours: nothing needs ../shared.
# Holds the values measured when the set was first scored (main's binary
# at 25f2d24f) as floors: strict precision 6/7 (calibfiles' REDUNDANT,
# labelled trivial: the ranks share the cold pages, a broadcast saves
# nothing), recall per root cause 3/3, per label 6/8 (SMALL-REQ of
# calibfiles and histtext, their causes found as SMALL-FILES and
# STDIO-SHARE).  The reruns (reruns/r87-labels87-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 87 6 6 0.857 1.000 0.750 6
rerun_diag 87 reco skim hadd calibfiles histtext skimsync
done_testing
