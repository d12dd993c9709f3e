#!/bin/sh
# iolens triage against a hundred-and-seventy-ninth, held-out round of
# independent labels: t/data/triage-expert179.tsv (issue 34), 5 logs we
# made by running agent-based transport simulation kernels (MATSim-like;
# C/MPI at 4 ranks and a serial Python post-processor) under Darshan
# 3.5.0, on two blkio-throttled loop mounts (ext4 -o sync, and ext4
# async for the fsync job) (t/data/triage-round179/): a co-evolution
# loop reading its network on every rank and its population
# collectively, one zlib-compressed event file a rank an iteration,
# rank-0 scorestats appends and collective plan dumps, and a Python
# reader of those event files (fine); a text event log fflushed every
# line, per-rank agent checkpoints with an fsync after every 256-B
# record, plan dumps gathered to rank 0 and fwritten a 128-B record at a
# time (problems); labelled from raw counters before the first score
# (d4b041ed; triage-expert179.md).  Every log is ours: nothing needs
# ../shared.
# Holds the values measured when the set was first scored (the binary
# at d4b041ed) as floors: strict precision 5/6 (ckpt's REDUNDANT on the
# per-iteration checkpoint rewrite, its stake the fsyncs' time,
# unlabelled: a false positive), recall per root cause 3/3, per label
# 5/8 (ckpt's SMALL-REQ below the impact floor, plans' RANK0-IO below
# the floor and RANK-IMBALANCE not evaluated, all labelled material as
# the same root cause: "same cause found").  The reruns
# (reruns/r179-labels179-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# red_sync_writes() then told ckpt's REDUNDANT (its rewrites' time the
# fsyncs') by FSYNC: strict precision 5/5.
# floors: strict precision, recall per root cause, per label, found
round_test 179 5 5 1.000 1.000 0.625 5
rerun_diag 179 qsim evstats evflush ckpt plans
done_testing
