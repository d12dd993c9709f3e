#!/bin/sh
# iolens triage against a seventieth, held-out round of independent
# labels: t/data/triage-expert70.tsv (issue 34), 8 logs we made of the
# long tail of a cluster's queue (C/MPI, Fortran, Python/numpy, gawk,
# 1-8 ranks) under Darshan 3.5.0, three on a blkio-throttled loop device
# (t/data/triage-round70/): a unit-test job writing 4 KiB scratch pieces
# on a sync mount, a solver benchmark fsync'ing its history a line, a job
# failing its input check, a 300-config-file startup on 8 ranks, an MPI
# hello world with a log, a convergence study, a plotting script and a
# mesh conversion; judged from raw counters by a labeller who had not
# read the rules nor any triage output, committed before the first score
# (3535e56c; triage-expert70.md).  Every log is ours: nothing needs
# ../shared.
# Holds the values measured when the set was first scored (main's binary
# at 3f5926a3) as floors: strict precision 4/4, recall per root cause
# 2/2, per label 4/4.
# The two reruns of each program (reruns/r70-labels70-ab{1,2}-NAME) and
# the B twins are printed; all 16 reruns got their first run's verdict.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 70 8 8 1.000 1.000 1.000 4
for p in unittest solvbench earlyfail startup hello converge plotres meshconv unittest-local solvbench-end; do
	verdicts $(ls "$TOP"/t/data/triage-round70/r70-$p.darshan \
		"$TOP"/t/data/triage-round70/reruns/r70-labels70-twin-$p.darshan \
		"$TOP"/t/data/triage-round70/reruns/r70-labels70-ab*-$p.darshan 2>/dev/null)
	diag "$p, first run then reruns: $(sed 's/^$/none/' "$TMP/verdicts" | tr '\n' ';')"
done
done_testing
