#!/bin/sh
# iolens triage against a hundred-and-ninth, held-out round of independent
# labels: t/data/triage-expert109.tsv (issue 34), 6 logs we made by
# running molecular-dynamics jobs (C/MPI at 4 and 8 ranks, a serial C
# analysis tool) under Darshan 3.5.0, five on the local disk, one on a
# blkio-throttled sync mount (t/data/triage-round109/): trajectory frames
# gathered to rank 0, frames written with MPI-IO collectives on an
# oversubscribed node, a one-pass trajectory analysis (fine); per-atom
# 24-B writes into the shared trajectory, an analysis re-reading frames
# 0..i to reach frame i, a thermo log flushed every step on a sync mount
# (problems); labelled from raw counters before the first score
# (bca30526; triage-expert109.md).  Every log is ours: nothing needs
# ../shared.
# Holds the values measured when the set was first scored (main's binary
# at 6802486c) as floors: strict precision 5/5, recall per root cause
# 3/3, per label 5/8 (SHARED-SMALL, SMALL-REQ and RANK-IMBALANCE, each a
# companion of a cause found, are info or below).  The reruns
# (reruns/r109-labels109-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 109 6 6 1.000 1.000 0.625 5
rerun_diag 109 gather coll analysis atomdump rescan thermoflush
done_testing
