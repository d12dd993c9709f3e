#!/bin/sh
# iolens triage against a ninety-first, held-out round of independent
# labels: t/data/triage-expert91.tsv (issue 34), 7 logs we made by
# running cryo-EM image processing (C/MPI at 4 and 8 ranks, a
# Python/numpy script) under Darshan 3.5.0, four on the local disk, three
# on a blkio-throttled sync mount (t/data/triage-round91/): motion
# correction of multi-frame movies, particle extraction into one shared
# stack, a script collecting 400 .star files (fine); a 2-D classification
# rereading its particle stack every iteration from the page cache and
# through O_DIRECT, micrographs written by a write(2) per 4 KiB row,
# particles extracted into 1200 files of their own (problems); labelled
# from raw counters before the first score (5da77954;
# triage-expert91.md).  Every log is ours: nothing needs ../shared.
# Holds the values measured when the set was first scored (main's binary
# at 10caec2b) as floors: strict precision 7/7, recall per root cause
# 4/4, per label 7/9 (c2ddirect's IO-TIME and extract's SMALL-REQ are
# missed, their causes found); raised to 8/8 and 8/9 when REDUNDANT's
# re-reads followed DXT's own-read bytes (t/7618): c2ddirect's IO-TIME,
# its companion, found at 6.68 s.  The reruns
# (reruns/r91-labels91-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 91 7 7 1.000 1.000 0.888 8
rerun_diag 91 motioncor exshared starcollect class2d c2ddirect mcrows extract
done_testing
