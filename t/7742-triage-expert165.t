#!/bin/sh
# iolens triage against a hundred-and-sixty-fifth, held-out round of
# independent labels: t/data/triage-expert165.tsv (issue 34), 5 logs we
# made by running finite-volume CFD with an OpenFOAM-like layout
# (per-processor directories, a directory per written time, many field
# files; C/MPI at 4 ranks, a serial Python post-processor) under Darshan
# 3.5.0, three on the local disk, two on a blkio-throttled sync mount
# (t/data/triage-round165/): 120 binary field files written one write
# each with a rank-0 residual log, a Python reading them back, a restart
# from cold inputs with 1 KiB header probes on the throttled mount
# (fine); writing every time step (1440 field files of 8-28 KB on the
# sync mount), ASCII fields with one write(2) a value line (problems);
# labelled from raw counters before the first score (0823a901;
# triage-expert165.md).  Every log is ours: nothing needs ../shared.
# Holds the values measured when the set was first scored (main's binary
# at 7c4b562a) as floors: strict precision 5/5, recall per root cause
# 2/2, per label 5/6 (storm's SMALL-REQ, labelled material as the storm's
# own, is info beside SMALL-FILES: "same cause found").  The reruns
# (reruns/r165-labels165-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 165 5 5 1.000 1.000 0.833 5
rerun_diag 165 foam post restart storm ascii
done_testing
