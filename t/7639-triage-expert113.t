#!/bin/sh
# iolens triage against a hundred-and-thirteenth, held-out round of
# independent labels: t/data/triage-expert113.tsv (issue 34), 7 logs we
# made by running I/O middleware patterns written by hand (C/MPI at 4-8
# ranks) under Darshan 3.5.0, four on the local disk, three on a
# blkio-throttled sync mount (t/data/triage-round113/): an ADIOS-BP-like
# writer (2 aggregators, subfiles, md.0 and md.idx a step), its reader
# picking 2 of 16 variables, a log-structured checkpoint, a two-phase
# write by hand (fine); md.0 rewritten whole every step, 16-B reads of
# the picked blocks, 4 KiB interleaved writes with no aggregation
# (problems); labelled from raw counters before the first score
# (8e3e1e5d; triage-expert113.md).  Every log is ours: nothing needs
# ../shared.
# Holds the values measured when the set was first scored (main's binary
# at 8478b2fa) as floors: strict precision 6/10 (tp's dump-file
# overwrites told as REDUNDANT, its two aggregators as SHARED-IMBALANCE
# and SHARED-TIME-IMBALANCE; bprew's IO-TIME labelled trivial), recall
# per root cause 3/4 (bprew's 100 synchronous 64-B md.idx writes, 1.64 s,
# are "too few to matter"), per label 6/10.  The reruns
# (reruns/r113-labels113-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 113 7 7 0.777 1.000 0.700 7
rerun_diag 113 bpw bpr lckpt tp bprew bprsmall tpnaive
done_testing
