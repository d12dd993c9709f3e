#!/bin/sh
# iolens triage against a hundred-and-thirty-fourth, held-out round of
# independent labels: t/data/triage-expert134.tsv (issue 34), 7 logs we
# made by running an adaptive-mesh-refinement hydrodynamics mini-app
# (FLASH/Enzo-like, C/MPI at 4 ranks) under Darshan 3.5.0, three on the
# local disk, four on a blkio-throttled sync mount
# (t/data/triage-round134/): plot files per level with the hierarchy
# index, per-rank checkpoints of whole blocks, a collective restart
# (fine); a checkpoint by one independent MPI-IO write a block a
# variable, a file per block with one write a variable, particles one
# 40-B write each, a restart reading block by block from a cold cache
# (problems); labelled from raw counters before the first score
# (13e9f9be; triage-expert134.md).  Every log is ours: nothing needs
# ../shared.  Holds the values measured when the set was first scored
# (main's binary at d9e6164f) as floors: strict precision 8/8, recall
# per root cause 5/5, per label 8/12 (NO-COLLECTIVE and SHARED-SMALL
# beside SMALL-REQ in chkindep and restartblk are info, "told there").
# The reruns (reruns/r134-labels134-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 134 7 7 1.000 1.000 0.666 8
rerun_diag 134 plot chkrank restart chkindep blkfiles parttiny restartblk
done_testing
