#!/bin/sh
# iolens triage against a sixty-ninth, held-out round of independent
# labels: t/data/triage-expert69.tsv (issue 34), 8 logs we made of
# quantum chemistry's scratch files (C/MPI, Fortran, numpy, a dd
# pipeline; 1-8 ranks) under Darshan 3.5.0, a third on a blkio-throttled
# loop device (t/data/triage-round69/): out-of-core SCF re-reading its
# integrals from local scratch (fine) and from slow shared scratch,
# direct SCF, 40 scratch files a rank re-created every iteration, a
# Fortran CC spill in 4 MiB blocks, 8 KiB tiles read in transposed
# order, numpy scratch left on disk, dd oflag=dsync in 4 KiB writes;
# judged from raw counters by a labeller who had not read the rules nor
# any triage output, committed before the first score (956385ed;
# triage-expert69.md).  Every log is ours: nothing needs ../shared.
# Holds the values measured when the set was first scored (main's binary
# at 3f5926a3) as floors: strict precision 6/11 (re-reads labelled
# trivial in scf-ooc and cc-strided, scratch-many's metadata and rewrites
# whose one-file twin is not faster), recall per root cause 3/3, per
# label 6/7 (the miss is a second code of a cause found).  Raised to
# 6/9 by triage70: cc-strided's re-reads at a large read's pace (the
# rest is SMALL-REQ's) and scratch-many's cycle reopens (META-BOUND's)
# leave IOL-REDUNDANT below the impact floor (t/7572, t/7573).
# The reruns of each program (reruns/r69-labels69-ab{1,2}-NAME, and
# ab3-ab4 of scf-ooc, scf-ooc-slow and scratch-many) are printed after
# the labelled run's verdict.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 69 8 8 0.666 1.000 0.857 6
for p in scf-ooc scf-direct scf-ooc-slow scratch-many cc-f90 cc-strided py-scratch dd-dsync; do
	verdicts "$TOP/t/data/triage-round69/r69-$p.darshan" \
		"$TOP"/t/data/triage-round69/reruns/r69-labels69-ab*-$p.darshan
	diag "$p, first run then reruns: $(sed 's/^$/none/' "$TMP/verdicts" | tr '\n' ';')"
done
done_testing
