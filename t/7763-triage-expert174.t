#!/bin/sh
# iolens triage against a hundred-and-seventy-fourth, held-out round of
# independent labels: t/data/triage-expert174.tsv (issue 34), 5 logs we
# made by running optical astronomy survey pipeline kernels (C/MPI at 4
# and 8 ranks) under Darshan 3.5.0, inputs on the local disk, outputs on
# a blkio-throttled sync mount (t/data/triage-round174/): a coadd whose
# every rank reads the bias and flat frames and writes its mosaic tile
# collectively, a FITS source-catalogue table written collectively with
# 16 small metadata JSON files, an 8-rank mosaic of one POSIX pwrite a
# strip after uneven compute (fine); the mosaic written one 4-KiB row a
# pwrite (2048 synchronous writes), a CSV catalogue fflush'ed after
# every row (problems); labelled from raw counters before the first
# score (c1ebebe1; triage-expert174.md).  Every log is ours: nothing
# needs ../shared.
# Holds the values measured when the set was first scored (the binary
# at c1ebebe1) as floors: strict precision 4/4 (no false positive),
# recall per root cause 2/2, per label 4/5 (mosaicrows' SHARED-SMALL,
# labelled material as the same root cause as SMALL-REQ, is info: "same
# cause found").  The reruns (reruns/r174-labels174-ab{1,2}-NAME) are
# printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 174 5 5 1.000 1.000 0.800 4
rerun_diag 174 coadd catfits mosaic8 mosaicrows catflush
done_testing
