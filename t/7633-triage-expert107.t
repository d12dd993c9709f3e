#!/bin/sh
# iolens triage against a hundred-and-seventh, held-out round of
# independent labels: t/data/triage-expert107.tsv (issue 34), 5 logs we
# made by running a seventh centre's ordinary day, 5 kinds of jobs drawn
# by lot (seed 107), under Darshan 3.5.0 (t/data/triage-round107/): an
# astronomy stack read through stdio, numpy statistics on a CSV, a
# Python byte-compile build of 1204 small files (fine); a k-mer counter
# spilling every 8-B k-mer with its own write(2), a seismic filter
# writing a shared file a trace at a time on a throttled sync mount
# (problems); labelled from raw counters before the first score
# (df8f923c; triage-expert107.md).  Every log is ours: nothing needs
# ../shared.
# Holds the values measured when the set was first scored (main's binary
# at 6802486c) as floors: strict precision 4/5 (build's SMALL-FILES warn
# is labelled trivial: 0.47 s, the build's own products), recall per
# root cause 2/2, per label 4/5 (seismic's SHARED-SMALL is info beside
# SMALL-REQ: "same cause found").  The reruns
# (reruns/r107-labels107-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 107 5 5 0.800 1.000 0.800 4
rerun_diag 107 stack csvstats build kmer seismic
done_testing
