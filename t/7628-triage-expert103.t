#!/bin/sh
# iolens triage against a hundred-and-third, held-out round of independent
# labels: t/data/triage-expert103.tsv (issue 34), 5 logs we made by
# running a sixth centre's ordinary day, five kinds of jobs drawn by lot
# (seed 103), under Darshan 3.5.0 on the local disk
# (t/data/triage-round103/): a 4-rank CFD solver with a collective
# checkpoint, 4-rank post-processing of it, a serial archiver of 300
# small files (fine); an aligner re-reading its 64 MiB reference index
# 41 times, a k-mer counter writing its table 16 B a write(2) (problems);
# labelled from raw counters before the first score (7fb9f0b3;
# triage-expert103.md).  Every log is ours: nothing needs ../shared.
# Holds the values measured when the set was first scored (main's binary
# at 361a5bf3) as floors: strict precision 3/3, recall per root cause
# 2/2, per label 3/3.  The reruns (reruns/r103-labels103-ab{1,2}-NAME)
# are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 103 5 5 1.000 1.000 1.000 3
rerun_diag 103 cfd viz archive align kmer
done_testing
