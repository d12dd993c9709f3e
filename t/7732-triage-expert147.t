#!/bin/sh
# iolens triage against a hundred-and-forty-seventh, held-out round of
# independent labels: t/data/triage-expert147.tsv (issue 34), 6 logs we
# made by running molecular docking and virtual screening campaigns
# (C/MPI at 4 and 2 ranks) under Darshan 3.5.0, four on the local disk,
# two on a blkio-throttled sync mount (t/data/triage-round147/): library
# shards read by MPI-IO with poses in 1 MiB batches, a hit CSV written
# by rank 0 alone through fprintf, batched fsync'ed checkpoints at
# unaligned offsets, receptor grid maps re-read from the page cache
# (fine); a 3100-B pose file for every docked ligand on the throttled
# mount, an fsync after every score line of a results log (problems);
# labelled from raw counters before the first score (2f396e50;
# triage-expert147.md).  Every log is ours: nothing needs ../shared.
# Holds the values measured when the set was first scored (main's binary
# at 1497fc74) as floors: strict precision 5/6 (regrid's page-cache
# re-reads, labelled trivial, warn as REDUNDANT at 1.4 s), recall per
# root cause 2/2, per label 5/7 (scorelog's rank imbalance and
# posefiles' whole-file small writes, labelled material as their
# causes' own, are not raised apart: "same cause found").  The reruns
# (reruns/r147-labels147-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 147 6 6 0.833 1.000 0.714 5
rerun_diag 147 screen summary ckpt regrid posefiles scorelog
done_testing
