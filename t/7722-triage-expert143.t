#!/bin/sh
# iolens triage against a hundred-and-forty-third, held-out round of
# independent labels: t/data/triage-expert143.tsv (issue 34), 5 logs we
# made by running uncertainty-quantification ensembles of short
# simulations (C/MPI at 4 and 8 ranks, a Python/numpy surrogate trainer)
# under Darshan 3.5.0, four on the local disk, one on a blkio-throttled
# sync mount (t/data/triage-round143/): 200 members writing 400 small
# files, a surrogate reading the 200 results, a restart of 12 failed
# members (fine); every member log line fsync'ed, the gathered QoI series
# read 8 bytes a read() (problems); labelled from raw counters before the
# first score (84f390ef; triage-expert143.md).  Every log is ours: nothing
# needs ../shared.
# Holds the values measured when the set was first scored (main's binary
# at 0f0ac31d) as floors: strict precision 4/6 (ensfsync's SMALL-FILES,
# labelled trivial, and STDIO-SHARE, its stdio time being the result
# files' closes on the sync mount), recall per root cause 2/2, per label
# 4/4.  The reruns (reruns/r143-labels143-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 143 5 5 0.666 1.000 1.000 4
rerun_diag 143 ens surrogate restart ensfsync surbytes
done_testing
