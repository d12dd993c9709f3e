#!/bin/sh
# iolens triage against a hundred-and-sixty-first, held-out round of
# independent labels: t/data/triage-expert161.tsv (issue 34), 4 logs we
# made by running data assimilation programs (C/MPI at 4 ranks) under
# Darshan 3.5.0, two on the local disk, one on a blkio-throttled sync
# mount, one reading local members and writing to that mount
# (t/data/triage-round161/): observation QC with 1 MiB reads of per-rank
# instrument files, a collective innovation write, an fgets'd obs-error
# table and a rank-0 CSV; an EnKF analysis of 8 members with uneven slabs
# and a localization halo, written collectively on the throttled mount
# (fine); an observation reader issuing one read(2) per 32-B record, the
# analysis written as one file per member, level and rank (1280 files of
# ~52 KB) on the sync mount (problems); labelled from raw counters before
# the first score (87c99c29; triage-expert161.md).  Every log is ours:
# nothing needs ../shared.
# Holds the values measured when the set was first scored (the branch's
# binary at 87c99c29) as floors: strict precision 5/5, recall per root
# cause 2/2, per label 5/7 (obsrec's SHARED-SMALL and members' SMALL-REQ,
# labelled material as restating their log's cause, are info beside
# SMALL-REQ and SMALL-FILES: "same cause found").  The reruns
# (reruns/r161-labels161-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 161 4 4 1.000 1.000 0.714 5
rerun_diag 161 obsqc enkf obsrec members
done_testing
