#!/bin/sh
# iolens triage against a hundred-and-nineteenth, held-out round of
# independent labels: t/data/triage-expert119.tsv (issue 34), 5 logs we
# made by running a ninth centre's ordinary day, 5 capability-queue job
# kinds drawn by lot (seed 119; C/MPI at 4 ranks) under Darshan 3.5.0,
# three on the local disk, two on a blkio-throttled sync mount
# (t/data/triage-round119/): an N-body job's collective snapshots, an
# eigen-solver's block-cyclic basis reads, an alignment over 240 small
# FASTQ files (fine); PIC field dumps as 4 KiB independent MPI-IO
# writes, Monte Carlo tallies rewritten and fsync'ed every batch by rank
# 0 (problems); labelled from raw counters before the first score
# (9226cdb9; triage-expert119.md).  Every log is ours: nothing needs
# ../shared.  Holds the values measured when the set was first scored
# (main's binary at 8e001c3e) as floors: strict precision 4/7 (mc's
# RANK0-IO, RANK-IMBALANCE and IDLE-RANKS tell the rewrites of a 1 MiB
# tally file as rank 0's funnel), recall per root cause 2/2, per label
# 4/6 (pic's NO-COLLECTIVE and SHARED-SMALL are info, same cause as
# SMALL-REQ).  4/4 since triage96: rank 0's distinct data, 1 MiB, is
# what a spread would move; the rewrites are REDUNDANT's (t/7680).  The reruns (reruns/r119-labels119-ab{1,2}-NAME) are
# printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 119 5 5 1.000 1.000 0.666 4
rerun_diag 119 nbody eigen genome pic mc
done_testing
