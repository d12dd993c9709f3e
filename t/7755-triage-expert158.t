#!/bin/sh
# iolens triage against a hundred-and-fifty-eighth, held-out round of
# independent labels: t/data/triage-expert158.tsv (issue 34), 4 logs we
# made by running sensor time-series ingestion and windowed aggregation
# (C/MPI at 4 ranks and 1) under Darshan 3.5.0, three on the local disk,
# one on a blkio-throttled sync mount (t/data/triage-round158/): 4 MiB
# MPI-IO block reads with a collective aggregate write and a rank-0 CSV,
# uneven sliding-window blocks with a halo on the throttled mount (fine);
# sensor columns read with one 4-B pread a value, an fsync after every
# ingested 48-B record (problems); labelled from raw counters before the
# first score (5d35d55f; triage-expert158.md).  Every log is ours:
# nothing needs ../shared.
# Holds the values measured when the set was first scored (main's binary
# at 1497fc74) as floors: strict precision 4/4, recall per root cause
# 2/2, per label 4/5 (colpick's SHARED-SMALL, labelled material as the
# small reads' own, is info beside SMALL-REQ: "same cause found").  The
# reruns (reruns/r158-labels158-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 158 4 4 1.000 1.000 0.800 4
rerun_diag 158 agg halo colpick ingest
done_testing
