#!/bin/sh
# iolens triage against a hundred-and-fifty-first, held-out round of
# independent labels: t/data/triage-expert151.tsv (issue 34), 5 logs we
# made by running combustion DNS and reacting-flow solver kernels (C/MPI
# at 4 ranks, a Python/numpy post-processor) under Darshan 3.5.0, four
# on the local disk, one on a blkio-throttled sync mount
# (t/data/triage-round151/): S3D-like collective checkpoints behind a
# 128-B header, a strided numpy read of one variable, a 1-D flame whose
# ranks all read the mechanism and whose rank 0 writes probe lines
# (fine); tabulated-chemistry look-ups with one 48-B pread each at random
# records, one 16-KiB file per species per rank per step on the throttled
# mount (problems); labelled from raw counters before the first score
# (c7e4185a; triage-expert151.md).  Every log is ours: nothing needs
# ../shared.
# Holds the values measured when the set was first scored (main's binary
# at 1497fc74) as floors: strict precision 5/5, recall per root cause
# 2/2, per label 5/8 (fpvlookup's RANDOM and speciesfiles' SMALL-REQ and
# META-BOUND, labelled material as their cause's own, are info: "same
# cause found").  The reruns (reruns/r151-labels151-ab{1,2}-NAME) are
# printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 151 5 5 1.000 1.000 0.625 5
rerun_diag 151 dnsckpt post flame fpvlookup speciesfiles
done_testing
