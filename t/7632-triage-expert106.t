#!/bin/sh
# iolens triage against a hundred-and-sixth, held-out round of
# independent labels: t/data/triage-expert106.tsv (issue 34), 5 logs we
# made by running lattice-QCD gauge-field I/O (C/MPI at 4 and 8 ranks)
# under Darshan 3.5.0, three on the local disk, two on a blkio-throttled
# sync mount (t/data/triage-round106/): an HMC reading and writing its
# configuration collectively through a subarray view with a correlator
# appended per measurement, a measurement writing a propagator per
# source at 4 and at 8 ranks (fine); propagators written one 2304-B site
# per independent write_at, a configuration written by rank 0 through
# stdio one 576-B site at a time (problems); labelled from raw counters
# before the first score (31a48dfd; triage-expert106.md).  Every log is
# ours: nothing needs ../shared.
# Holds the values measured when the set was first scored (main's binary
# at 6802486c) as floors: strict precision 4/6 (ildgstdio's RANK0-IO and
# IDLE-RANKS warn; labelled trivial: the twin keeps rank 0 and is fast),
# recall per root cause 2/2, per label 4/7 (propsite's NO-COLLECTIVE and
# SHARED-SMALL, ildgstdio's SMALL-REQ: same cause found).  The reruns
# (reruns/r106-labels106-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 106 5 5 0.667 1.000 0.571 4
rerun_diag 106 hmc meas meas8 propsite ildgstdio
done_testing
