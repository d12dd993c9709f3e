#!/bin/sh
# iolens triage against a hundred-and-sixty-ninth, held-out round of
# independent labels: t/data/triage-expert169.tsv (issue 34), 5 logs we
# made by running quantum Monte Carlo drivers (C/MPI at 4 and 8 ranks)
# under Darshan 3.5.0, four on a blkio-throttled sync mount, one on the
# local disk (t/data/triage-round169/): DMC with uneven walker
# populations, a per-block collective checkpoint and a rank-0 fprintf
# estimator log at 4 and 8 ranks, VMC reading a 16 MiB orbital table on
# every rank (fine); a checkpoint file per walker (1200 files of 768 B),
# a shared checkpoint written one 768-B pwrite a walker (problems);
# labelled from raw counters before the first score (ae71c4df;
# triage-expert169.md).  Every log is ours: nothing needs ../shared.
# Holds the values measured when the set was first scored (the binary
# at ae71c4df) as floors: strict precision 5/7 (dmc's and dmc8's
# REDUNDANT on the per-block checkpoint rewrite, unlabelled: false
# positives), recall per root cause 2/2, per label 5/7 (storm's
# SMALL-REQ and walkerpw's SHARED-SMALL, labelled material as the
# same root cause, are info: "same cause found").  The reruns
# (reruns/r169-labels169-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 169 5 5 0.714 1.000 0.714 5
rerun_diag 169 dmc dmc8 vmc storm walkerpw
done_testing
