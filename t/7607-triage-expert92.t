#!/bin/sh
# iolens triage against a ninety-second, held-out round of independent
# labels: t/data/triage-expert92.tsv (issue 34), 7 logs we made by
# running graph analytics and sparse linear algebra jobs (C/MPI at 4-8
# ranks, a Python/numpy preprocessing step) under Darshan 3.5.0, five on
# the local disk, two on a blkio-throttled sync mount
# (t/data/triage-round92/): numpy preprocessing into 4 partition files,
# rank 0 reading the edge list and scattering it, every rank reading its
# slice collectively, a solver with per-rank partitions, a stdio residual
# log and collective checkpoints (fine); a Matrix Market file parsed by
# rank 0 with fscanf, checkpoints in 4 KiB writes, a 2000-file
# vertex-block storm (problems); labelled from raw counters before the
# first score (9f426015; triage-expert92.md).  Every log is ours:
# nothing needs ../shared.
# Holds the values measured when the set was first scored (main's binary
# at 10caec2b) as floors: strict precision 9/9, recall per root cause
# 4/4, per label 9/12 (second codes of found causes: SMALL-REQ of STDIO
# fscanf calls and of stdio-flushed block files, RANK-IMBALANCE of a
# rank-0-only log).  The reruns (reruns/r92-labels92-ab{1,2}-NAME) are
# printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 92 7 7 1.000 1.000 0.750 9
rerun_diag 92 prep scatter slices cg mmfscanf ckpt4k blkstorm
done_testing
