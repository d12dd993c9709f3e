#!/bin/sh
# iolens triage against a hundred-thirty-ninth, held-out round of
# independent labels: t/data/triage-expert139.tsv (issue 34), 5 logs we
# made by running a biomedical research institute's jobs, 5 kinds drawn
# by lot (seed 139) from a list of 20, as C/MPI programs under Darshan
# 3.5.0, four on the local disk, one on a blkio-throttled sync mount
# (t/data/triage-round139/): an image registration, a sequence index
# build, an epidemic model (fine); an MRI image written in 4 KiB pwrites
# to a shared file, a PET image fprintf'ed as text every iteration by
# rank 0 (problems); labelled from raw counters before the first score
# (6eb881d2; triage-expert139.md).  Every log is ours: nothing needs
# ../shared.  Holds the values measured when the set was first scored
# (main's binary at 78b13bba) as floors: strict precision 4/4, recall per
# root cause 2/2, per label 4/7 (SHARED-SMALL info, pet's RANK0-IO and
# SMALL-REQ told as STDIO-SHARE's cause).  The reruns
# (reruns/r139-labels139-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 139 5 5 1.000 1.000 0.571 4
rerun_diag 139 register seqindex episim mri pet
done_testing
