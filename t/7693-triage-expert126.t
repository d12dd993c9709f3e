#!/bin/sh
# iolens triage against a hundred-and-twenty-sixth, held-out round of
# independent labels: t/data/triage-expert126.tsv (issue 34), 6 logs we
# made by running a campus research cluster's jobs, 5 kinds drawn by lot
# (seed 126) from a list of 20, under Darshan 3.5.0, five on the local
# disk, one on a blkio-throttled sync mount (t/data/triage-round126/): a
# concordance, a Monte Carlo study with one small file a replicate, a
# 4-rank heat solver with collective checkpoints (fine); a DEM walked
# column by column in 4-B preads, a lattice flow writing frames in 4 KiB
# independent MPI-IO writes, the study re-reading all its result files
# after every replicate (problems); labelled from raw counters before the
# first score (b12b8f91; triage-expert126.md).  Every log is ours:
# nothing needs ../shared.
# Holds the values measured when the set was first scored (main's binary
# at d9e6164f) as floors: strict precision 4/5 (mcrecheck's META-BOUND
# is labelled trivial), recall per root cause 2/3 (mcrecheck's re-reads:
# REDUNDANT's stake is the re-read bytes' 0.049 s), per label 4/9.  The
# reruns (reruns/r126-labels126-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 126 6 6 0.800 0.666 0.444 4
rerun_diag 126 concord mcstudy heat dem lbm mcrecheck
done_testing
