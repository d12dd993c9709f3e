#!/bin/sh
# iolens triage against a hundred-and-thirtieth, held-out round of
# independent labels: t/data/triage-expert130.tsv (issue 34), 6 logs we
# made by running columnar and array analytics readers (a Parquet-like
# C/MPI reader at 1-8 ranks, a Zarr-like Python/numpy reader) under
# Darshan 3.5.0, three on the local disk, three on a blkio-throttled sync
# mount (t/data/triage-round130/): an 8-rank query of 4 of 32 columns by
# seek, the same query through mmap, a 256-chunk-file array (fine);
# whole row groups read for 3 of 32 columns, 4 KiB preads with readahead
# off (POSIX_FADV_RANDOM), an array in 2048 chunk files of 4 KiB
# (problems); labelled from raw counters before the first score
# (c094ceda; triage-expert130.md).  Every log is ours: nothing needs
# ../shared.  Holds the values measured when the set was first scored
# (main's binary at d9e6164f) as floors: strict precision 5/5, recall per
# root cause 2/3 (colwhole's whole-row-group reads are missed: IO-TIME
# below the floor, "no cause fired"), per label 5/6.  The reruns
# (reruns/r130-labels130-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 130 6 6 1.000 0.666 0.833 5
rerun_diag 130 colq mmap zarrok colwhole colsmall zarrtiny
done_testing
