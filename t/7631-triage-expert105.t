#!/bin/sh
# iolens triage against a hundred-and-fifth, held-out round of
# independent labels: t/data/triage-expert105.tsv (issue 34), 6 logs we
# made by running seismic processing and imaging (C/MPI at 4 and 8
# ranks, SEG-Y-like files) under Darshan 3.5.0, four on the local disk,
# two on a blkio-throttled sync mount (t/data/triage-round105/): a line
# read in blocks of traces and written collectively, a velocity model
# fread by every rank, a reverse-time migration with decimated
# snapshots (fine); shot gathers written trace by trace, snapshots saved
# every step, an ASCII velocity model fscanf'ed by every rank
# (problems); labelled from raw counters before the first score
# (3bdfa801; triage-expert105.md).  Every log is ours: nothing needs
# ../shared.  Holds the values measured when the set was first scored
# (main's binary at 6802486c) as floors: strict precision 5/5, recall
# per root cause 2/3 (rtmevery's 10x snapshot volume is missed: IO-TIME
# below the impact floor, "nothing material to save"), per label 5/7.
# The reruns (reruns/r105-labels105-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 105 6 6 1.000 1.000 0.857 6
rerun_diag 105 readblk vmodel rtm gathtrace rtmevery vmascii
done_testing
