#!/bin/sh
# iolens triage against a hundred-and-seventy-eighth, held-out round of
# independent labels: t/data/triage-expert178.tsv (issue 34), 5 logs we
# made by running quantum chemistry drivers (C/MPI at 4 ranks) under
# Darshan 3.5.0, three on a blkio-throttled sync mount, two on the local
# disk (t/data/triage-round178/): a conventional out-of-core SCF that
# writes its integral file once and reads it back every cycle, an SCF
# reading a basis library on every rank with a collective .chk every 2nd
# cycle (fine); a scratch file per integral batch (720 files of 8 KiB),
# an integral file written in 2 KiB records, a property file fsynced
# after every one of 600 records (problems); labelled from raw counters
# before the first score (fd892532; triage-expert178.md).  Every log is
# ours: nothing needs ../shared.
# Holds the values measured when the set was first scored (the binary
# at fd892532) as floors: strict precision 5/5, recall per root cause
# 3/3, per label 5/7 (scratch's META-BOUND, info as "same cause as
# IOL-SMALL-FILES", and SMALL-REQ, below the impact floor, labelled
# material as the same root cause: "same cause found").  The reruns
# (reruns/r178-labels178-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 178 5 5 1.000 1.000 0.714 5
rerun_diag 178 scfooc chkcoll scratch intsmall propfsync
done_testing
