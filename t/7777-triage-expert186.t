#!/bin/sh
# iolens triage against a hundred-and-eighty-sixth, held-out round of
# independent labels: t/data/triage-expert186.tsv (issue 34), 5 logs we
# made by running the jobs of a regional research cluster's ordinary day
# (5 of 12 kinds drawn by lot, seed 18602; C/MPI at 4 ranks and serial C)
# under Darshan 3.5.0, four on a blkio-throttled sync mount, one on the
# local disk (t/data/triage-round186/): a WRF-like model writing its
# history through rank 0 (its collective twin no faster), an FEM solver
# with a collective mesh read and result write, a serial variant caller
# reading by 64 KiB freads, a Gadget-like N-body writing file-per-process
# snapshots by large fwrites (fine); a microscopy tiling job reading and
# writing a raster one 512-B tile row at a time (problem); labelled from
# raw counters before the first score (6ff9538b; triage-expert186.md).
# Every log is ours: nothing needs ../shared.  Holds the values measured
# when the set was first scored (/work/main/bin/iolens of 2026-12-02) as
# stdio_small_req() then left r186-nbody's 265 KB fwrites to their
# bytes' time: STDIO-SHARE info, precision 2/2.
# floors: strict precision 2/3 (nbody's STDIO-SHARE warn, labelled
# trivial: its 145 fwrites of ~265 KB bypass the stdio buffer and move at
# the throttled device's pace; 0.773 s claimed), recall per root cause
# 1/1, per label 2/2 (tile's SMALL-REQ and IO-TIME).  The reruns
# (reruns/r186-labels186-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 186 5 5 1.000 1.000 1.000 2
rerun_diag 186 wrf fem vcall nbody tile
done_testing
