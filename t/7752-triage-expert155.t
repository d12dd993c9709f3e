#!/bin/sh
# iolens triage against a hundred-and-fifty-fifth, held-out round of
# independent labels: t/data/triage-expert155.tsv (issue 34), 4 logs we
# made by running lidar point-cloud processing (C/MPI at 4 and 2 ranks)
# under Darshan 3.5.0, three on the local disk, one on a blkio-throttled
# sync mount (t/data/triage-round155/): tiling into 16 LAS tiles from
# collective slice reads, gridding to a DEM rank 0 writes (fine); the
# tiler at 2304 tiles of ~35 KB on the throttled mount, an outlier
# filter preading every 20-B point by id from a cell-sorted index
# (problems); labelled from raw counters before the first score
# (6c3c3976; triage-expert155.md).  Every log is ours: nothing needs
# ../shared.
# Holds the values measured when the set was first scored (main's binary
# at 1497fc74) as floors: strict precision 6/6, recall per root cause
# 2/2, per label 6/9 (filt's RANDOM and its rank spread, labelled
# material as the small reads' own, are not raised apart: "same cause
# found").  The reruns (reruns/r155-labels155-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 155 4 4 1.000 1.000 0.666 6
rerun_diag 155 tile grid tilemany filt
done_testing
