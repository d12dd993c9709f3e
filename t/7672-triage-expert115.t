#!/bin/sh
# iolens triage against a hundred-and-fifteenth, held-out round of
# independent labels: t/data/triage-expert115.tsv (issue 34), 6 logs we
# made by running cosmology N-body I/O (one C/MPI program at 4-8 ranks)
# under Darshan 3.5.0, four on the local disk, two on a blkio-throttled
# mount (t/data/triage-round115/): a Gadget-like snapshot in 2 files
# written by groups of ranks in turn, an initial-conditions read, restart
# files with one fsync (fine); particle IDs written 8 B a write(2), restart
# files fsync'ed every 16 KiB, a halo finder re-reading the snapshot's
# positions for each of 60 linking lengths (problems); labelled from raw
# counters before the first score (d03566f9; triage-expert115.md).  Every
# log is ours: nothing needs ../shared.
# Holds the values measured when the set was first scored (main's binary
# at 8e001c3e) as floors: strict precision 5/5, recall per root cause
# 3/3, per label 5/5.  The reruns (reruns/r115-labels115-ab{1,2}-NAME)
# are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 115 6 6 1.000 1.000 1.000 5
rerun_diag 115 snap ics restart idseach rstfsync haloreread
done_testing
