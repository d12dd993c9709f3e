#!/bin/sh
# iolens triage against a hundred-and-seventy-sixth, held-out round of
# independent labels: t/data/triage-expert176.tsv (issue 34), 6 logs we
# made by running sequence database search programs (BLAST/DIAMOND/
# MMseqs2-like, C/MPI at 4 and 8 ranks) under Darshan 3.5.0, on
# blkio-throttled loop devices (ext4 -o sync, one async for the fsync
# job) and the local disk (t/data/triage-round176/): every rank reading
# a DB index and its part of a sequence volume with a local spill, a
# read-back merge and a collective result write; a DB in 8 volumes, one
# a rank; an mpiBLAST-like master reading and scattering the whole DB
# (fine); a result file per query (800 files of ~734 B), the DB part
# re-read from the device for every query batch, an fsync after every
# query (problems); labelled from raw counters before the first score
# (15b981a7; triage-expert176.md).  Every log is ours: nothing needs
# ../shared.  Holds the values measured when the set was first scored
# (the binary at 15b981a7) as floors: strict precision 6/6, recall per
# root cause 3/3, per label 6/8 (qstorm's SMALL-REQ and META-BOUND,
# labelled material as the same root cause as SMALL-FILES, are info:
# "same cause found").  The reruns (reruns/r176-labels176-ab{1,2}-NAME)
# are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 176 6 6 1.000 1.000 0.750 6
rerun_diag 176 search volumes master qstorm reread resume
done_testing
