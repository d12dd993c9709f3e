#!/bin/sh
# iolens triage against a hundred-and-eighteenth, held-out round of
# independent labels: t/data/triage-expert118.tsv (issue 34), 6 logs we
# made by running financial risk Monte Carlo jobs (C/MPI at 4 and 8
# ranks, a Python/numpy end-of-day aggregation) under Darshan 3.5.0 on
# the local disk (t/data/triage-round118/): a 4-rank worker with 400
# scenario files and a shared intermediate log, an 8-rank worker with one
# collective shared file, the aggregation over 400 files (fine); an
# fsync per intermediate line, the market data re-read every scenario,
# the aggregation reading 8 B at a time (problems); labelled from raw
# counters before the first score (f368185c; triage-expert118.md).
# Every log is ours: nothing needs ../shared.
# Holds the values measured when the set was first scored (main's binary
# at 8e001c3e) as floors: strict precision 4/6 (SMALL-FILES on fsync,
# its fsync waits counted as small files' I/O, and on reread, 0.55 s a
# rank, labelled trivial), recall per root cause 3/3, per label 4/4.
# The reruns (reruns/r118-labels118-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 118 6 6 0.800 1.000 1.000 4
rerun_diag 118 mc mc8 eod fsync reread eodsmall
done_testing
