#!/bin/sh
# iolens triage against a hundred-and-eightieth, held-out round of
# independent labels: t/data/triage-expert180.tsv (issue 34), 5 logs we
# made by running a university cluster's ordinary day under Darshan 3.5.0,
# five job kinds drawn by lot from twelve (python's random.seed(180)):
# MD at 4 ranks (rank-0 gathered fwrite trajectory, a thermo log flushed
# each line) and a Python csv analysis of 300 cold 39-KB files (fine); a
# CFD solver at 4 ranks whose rank 0 reopens and closes its residual file
# for every line (120 synchronous commits), a FASTQ trimmer writing
# through stdio's default 4 KiB buffer, both on a blkio-throttled sync
# mount, and a Fortran disk-based SCF re-reading its 105 MB integral
# scratch file in each of 15 iterations on the local disk (problems);
# labelled from raw counters before the first score (388d5507;
# triage-expert180.md).  Every log is ours: nothing needs ../shared.
# Holds the values measured when the set was first scored (the binary
# at 388d5507) as floors: strict precision 3/5 (ana's SMALL-REQ and cfd's
# STDIO-SHARE, labelled trivial: false positives), recall per root
# cause 2/3 (cfd's residual-file reopens, META-BOUND, below the impact
# floor: missed), per label 3/5 (scf's READ-AFTER-WRITE, labelled
# material as the same root cause as REDUNDANT, is info: "same cause
# found").  The reruns (reruns/r180-labels180-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# stdio_small_req() then left r180-cfd's 2 MiB slabs (298 KB a call on
# average) to their bytes' time: STDIO-SHARE info, precision 3/4.
# floors: strict precision, recall per root cause, per label, found
round_test 180 5 5 0.750 0.666 0.600 3
rerun_diag 180 md cfd ana fastq scf
done_testing
