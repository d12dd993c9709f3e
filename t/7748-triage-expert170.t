#!/bin/sh
# iolens triage against a hundred-and-seventieth, held-out round of
# independent labels: t/data/triage-expert170.tsv (issue 34), 6 logs we
# made by running reverse-time migration (seismic imaging) programs
# (C/MPI at 4 and 8 ranks) under Darshan 3.5.0 on two blkio-throttled
# loop devices, one mounted -o sync (t/data/triage-round170/): RTM with
# a shot a rank, 512 KiB snapshots to per-rank scratch read back in
# reverse and a rank-0 image; RTM over 8 ranks with collective trace
# reads and a shared collective scratch file; trace-by-trace 240-B +
# 4000-B reads of a cold SEG-Y file that readahead serves (fine); the
# image written as SEG-Y one 240-B header and one 4000-B samples pwrite
# a trace, a scratch file per snapshot (800 files of 36 KiB), an fsync
# after every snapshot (problems); labelled from raw counters before the
# first score (d8ff47b5; triage-expert170.md).  Every log is ours:
# nothing needs ../shared.
# Holds the values measured when the set was first scored (the binary
# at d8ff47b5) as floors: strict precision 6/6, recall per root cause
# 3/3, per label 6/8 (snapstorm's META-BOUND and segyout's SHARED-SMALL,
# labelled material as the same root cause as SMALL-FILES' storm and
# SMALL-REQ, are info: "same cause found").  The reruns
# (reruns/r170-labels170-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 170 6 6 1.000 1.000 0.750 6
rerun_diag 170 rtm rtmcoll tracerd segyout snapstorm snapfsync
done_testing
