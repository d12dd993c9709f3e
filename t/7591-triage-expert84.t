#!/bin/sh
# iolens triage against an eighty-fourth, held-out round of independent
# labels: t/data/triage-expert84.tsv (issue 34), 6 logs we made by
# running genomics pipelines (C/MPI at 2 and 4 ranks, serial C, pure
# Python) under Darshan 3.5.0, three on the local disk, three on a
# blkio-throttled sync mount (t/data/triage-round84/): an aligner whose
# every rank reads the reference, an external sort, an indexed variant
# caller (fine); one write(2) per SAM record, a sort spilling 600 temp
# files, a caller re-reading the 96 MiB reference for every region in a
# 64 MiB memory cgroup (problems); labelled from raw counters before the
# first score (0179494d; triage-expert84.md).  Every log is ours: nothing
# needs ../shared.
# Holds the values measured when the set was first scored (main's binary
# at 25f2d24f) as floors: strict precision 6/7 (sortstorm's DXT_POSIX ran
# out of memory: IOL-INCOMPLETE is true, the labeller missed it), recall
# per root cause 3/3, per label 6/7 (sortstorm's META-BOUND is info, "same
# cause as IOL-SMALL-FILES").  The reruns (reruns/r84-labels84-ab{1,2}-NAME)
# are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 84 6 6 0.857 1.000 0.857 6
rerun_diag 84 align sort vcall alnunbuf sortstorm vcscan
done_testing
