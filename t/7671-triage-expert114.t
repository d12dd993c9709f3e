#!/bin/sh
# iolens triage against a hundred-and-fourteenth, held-out round of
# independent labels: t/data/triage-expert114.tsv (issue 34), 6 logs we
# made by running a WRF-like forecast (C/MPI at 4 ranks, src/wrf114.c)
# under Darshan 3.5.0, five on the local disk, one on a blkio-throttled
# sync mount (t/data/triage-round114/): the forecast with collective
# history, with history gathered to rank 0, a serial post-processor
# (fine); rank 0 writing history in 4 KiB writes, every rank re-reading
# the whole boundary file at every update, an fsync after every restart
# variable (problems); labelled from raw counters before the first score
# (bc8b4010; triage-expert114.md).  Every log is ours: nothing needs
# ../shared.
# Holds the values measured when the set was first scored (main's binary
# at 8e001c3e) as floors: strict precision 6/6, recall per root cause
# 3/3, per label 6/8 (bdyall's STDIO-SHARE is info, hist4k's IDLE-RANKS
# ok: both causes found under another code).  The reruns
# (reruns/r114-labels114-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 114 6 6 1.000 1.000 0.750 6
rerun_diag 114 fcst serial post hist4k bdyall rstfsync
done_testing
