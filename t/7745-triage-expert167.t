#!/bin/sh
# iolens triage against a hundred-and-sixty-seventh, held-out round of
# independent labels: t/data/triage-expert167.tsv (issue 34), 6 logs we
# made by running molecular dynamics trajectory analysis (C/MPI at 4
# ranks and 1) under Darshan 3.5.0, four on the local disk, two on a
# blkio-throttled sync mount (t/data/triage-round167/): RMSD vs a
# reference frame with a rank-0 CSV, uneven per-residue contact blocks
# with one frame a call and a collective table write, a frame-frame RMSD
# matrix every rank reads the whole trajectory for (fine); an atom
# selection read with one 12-B pread per atom per frame, one new 800-B
# file per frame of results on the sync mount, an fsync after every
# frame's result line (problems); labelled from raw counters before the
# first score (55d784de; triage-expert167.md).  Every log is ours:
# nothing needs ../shared.
# Holds the values measured when the set was first scored (main's binary
# at eaa15d0a) as floors: strict precision 6/6, recall per root cause
# 3/3, per label 6/9 (frfiles' META-BOUND and SMALL-REQ and atomsel's
# SHARED-SMALL, labelled material as "same root cause", are info beside
# the cause's finding: "same cause found").  The reruns
# (reruns/r167-labels167-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 167 6 6 1.000 1.000 0.667 6
rerun_diag 167 rmsd contacts atomsel frfiles pairrmsd hbonds
done_testing
