#!/bin/sh
# iolens triage against a ninety-third, held-out round of independent
# labels: t/data/triage-expert93.tsv (issue 34), 7 logs we made by
# running a batch job script's staging around the compute under Darshan
# 3.5.0 (real tar, gzip, find, cp, dd in non-MPI mode, each its own log,
# a 4-rank C/MPI solver and a numpy post-processor; node-local scratch
# and a blkio-throttled sync "shared" mount, t/data/triage-round93/):
# untar of the input bundle, gzip of the fields, find over the snapshot
# tree (fine); 800 snapshot files from the solver, a 16 MiB table re-read
# 800 times through STDIO, cp -r of the 800 files to the sync mount, dd
# with 512-B blocks to it (problems); labelled from raw counters before
# the first score (55f77818; triage-expert93.md).  Every log is ours:
# nothing needs ../shared.
# Holds the values measured when the set was first scored (main's binary
# at 10caec2b) as floors: strict precision 8/9 (solver's STDIO-SHARE
# tells the snapshot files' opens/closes as small requests), recall per
# root cause 4/4, per label 8/10.  The reruns
# (reruns/r93-labels93-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 93 7 7 0.889 1.000 0.800 8
rerun_diag 93 untar solver gzip post find cpback ddback
done_testing
