#!/bin/sh
# iolens triage against a hundred-and-fifty-second, held-out round of
# independent labels: t/data/triage-expert152.tsv (issue 34), 5 logs we
# made by running geospatial raster tiling and GIS batch processing
# (C/MPI at 4 and 2 ranks, a Python/numpy NDVI batch) under Darshan
# 3.5.0, three on the local disk, two on a blkio-throttled sync mount
# (t/data/triage-round152/): a DEM overview (pyramid) build, a tile
# mosaic with a rank-0 footprint index and VRT, an NDVI batch through
# numpy fromfile/tofile (fine); a tile cache of one 16 KiB file per tile
# on the sync mount, raster windows read one 128-B row segment per pread
# (problems); labelled from raw counters before the first score
# (eb300e41; triage-expert152.md).  Every log is ours: nothing needs
# ../shared.
# Holds the values measured when the set was first scored (main's binary
# at 1497fc74) as floors: strict precision 4/4, recall per root cause
# 2/2, per label 4/7 (tiles' META-BOUND and SMALL-REQ and window's
# SHARED-SMALL, labelled material as their problem's own, are info:
# "same cause found").  The reruns (reruns/r152-labels152-ab{1,2}-NAME)
# are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 152 5 5 1.000 1.000 0.571 4
rerun_diag 152 pyramid mosaic ndvi tiles window
done_testing
