#!/bin/sh
# iolens triage against a hundred-and-sixty-third, held-out round of
# independent labels: t/data/triage-expert163.tsv (issue 34), 5 logs we
# made by running a national centre's ordinary day, five job kinds drawn
# by lot from a list of 15 (C/MPI at 1, 2 and 4 ranks) under Darshan
# 3.5.0, two on the local disk, three on a blkio-throttled sync mount
# (t/data/triage-round163/): a 2-rank staging copy at the device's
# bandwidth, a CPU-bound 1-process build with 1321 cached opens, an MD run
# whose rank 0 fwrites the trajectory (fine); a decomposed history field
# written by 4096 independent 512-B MPI-IO writes on sync storage, a
# restart kept as 4096 files of 8 KiB read cold (problems); labelled from
# raw counters before the first score (edb53a91; triage-expert163.md).
# Every log is ours: nothing needs ../shared.
# Holds the values measured when the set was first scored (the branch's
# binary at edb53a91) as floors: strict precision 4/4, recall per root
# cause 2/2, per label 4/7 (climate's NO-COLLECTIVE and SHARED-SMALL and
# restart's SMALL-REQ, labelled material as the same cause, are info or
# ok beside SMALL-REQ / SMALL-FILES: "same cause found").  The reruns
# (reruns/r163-labels163-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 163 5 5 1.000 1.000 0.571 4
rerun_diag 163 stage build mdtraj climate restart
done_testing
