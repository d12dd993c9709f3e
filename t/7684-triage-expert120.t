#!/bin/sh
# iolens triage against a hundred-and-twentieth, held-out round of
# independent labels: t/data/triage-expert120.tsv (issue 34), 5 logs we
# made by running plasma physics / fusion codes (a PIC-like C/MPI code at
# 4 ranks, a Python/numpy post-processing script) under Darshan 3.5.0 on
# the local disk (t/data/triage-round120/): a run appending field slices
# collectively to one shared file, its restart from per-rank checkpoints,
# a post-processing pass reading each slice once (fine); field slices
# written as 1.6 M independent 64-B writes, post-processing re-reading
# the whole 100 MiB diagnostics file for each of 60 slices (problems);
# labelled from raw counters before the first score (8aebc7bf;
# triage-expert120.md).  Every log is ours: nothing needs ../shared.
# Holds the values measured when the set was first scored (main's binary
# at ed30474e) as floors: strict precision 4/6 (IO-TIME on run and
# restart, whose MPI-IO time is waiting in per-step collectives on
# oversubscribed cores), recall per root cause 2/2, per label 4/6.
# The reruns (reruns/r120-labels120-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 120 5 5 1.000 1.000 0.666 4
rerun_diag 120 run restart post diagtiny postwhole
done_testing
