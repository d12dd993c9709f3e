#!/bin/sh
# iolens triage against a hundred-and-thirty-first, held-out round of
# independent labels: t/data/triage-expert131.tsv (issue 34), 6 logs we
# made by running high-energy physics detector simulation and analysis
# (Geant4/ROOT-like: C/MPI at 4 ranks, serial hadd, Python/numpy) under
# Darshan 3.5.0, three on the local disk, three on a blkio-throttled sync
# mount (t/data/triage-round131/): a simulation reading its tables on
# every rank and appending events through stdio, a hadd of 128 small
# histogram files, an analysis reading 2 of 16 branches (fine); every
# 2-KiB event record write(2)n on a sync mount, every branch read to use
# two, a hadd rewriting its merged file after each of 96 inputs
# (problems); labelled from raw counters before the first score
# (302210e6; triage-expert131.md).  Every log is ours: nothing needs
# ../shared.  Holds the values measured when the set was first scored
# (main's binary at d9e6164f) as floors: strict precision 2/2, recall
# per root cause 2/4 (hmevery's rewrites are staked at their reopens'
# 0.985 s only, below the floor; anaall's unneeded reads have no cause
# in the counters: IO-TIME below the floor), per label 2/5.  The reruns
# (reruns/r131-labels131-ab{1,2}-NAME) are printed.
# Raised after triage101 (rewrites of files nothing read are rewrites):
# hmevery's REDUNDANT and IO-TIME found, 4/4, causes 3/4, labels 4/5.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 131 6 6 1.000 0.750 0.800 4
rerun_diag 131 sim hmerge ana evsync anaall hmevery
done_testing
