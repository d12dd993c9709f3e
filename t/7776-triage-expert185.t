#!/bin/sh
# iolens triage against a hundred-and-eighty-fifth, held-out round of
# independent labels: t/data/triage-expert185.tsv (issue 34), 5 logs we
# made by running columnar-analytics jobs (C/MPI at 4 ranks, a
# Parquet-like layout) under Darshan 3.5.0, four on a loop device mounted
# -o sync, one on the local disk (t/data/triage-round185/): a query
# reading a table's tail and footer then selected 1 MiB column chunks at
# their offsets, a row-group writer of 1 MiB column chunks with a rank-0
# fprintf _metadata, a partition committer rewriting and fsyncing its
# whole _metadata catalogue each of 40 rounds (0.47 s, its twin not
# faster) (fine); a group-by writing a 2.6 KB partition file per key per
# rank (600 files), the committer over 100 rounds (165 MB of catalogue
# rewritten, 100 fsyncs) (problems); labelled from raw counters before
# the first score (8082066c; triage-expert185.md).  Every log is ours:
# nothing needs ../shared.
# Holds the values measured when the set was first scored (the binary
# /work/main/bin/iolens of 2026-12-02 15:37 UTC) as floors: strict
# precision 6/8 (catalog40's IO-TIME and FSYNC, labelled trivial: false
# positives), recall per root cause 2/3 (catalog's META-BOUND, 100
# partition creates a rank at 1.3-1.7 s, is info), per label 6/8
# (catalog's REDUNDANT, below the impact floor, is "same cause found"
# through FSYNC).  The reruns (reruns/r185-labels185-ab{1,2}-NAME) are
# printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 185 5 5 0.750 0.666 0.750 6
rerun_diag 185 scan writer catalog40 groupby catalog
done_testing
