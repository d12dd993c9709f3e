#!/bin/sh
# iolens triage against a sixty-second, held-out round of independent
# labels: t/data/triage-expert62.tsv (issue 34), 8 logs we made of jobs
# glued together through files (C/MPI and a numpy script, 1-8 ranks)
# under Darshan 3.5.0, 5 on the local disk, 3 on a blkio-throttled sync
# mount (t/data/triage-round62/): stat-polled "done" markers, an O_EXCL
# lock file with a flock'ed log, file-exchange pairs polled with
# access(), per-task temp files, np.save + rename + marker (all fine),
# a manifest rewritten, fsync'ed and renamed per task, 4 KiB temp-file
# I/O and a 4 KiB file exchange (one problem each); judged from raw
# counters by a labeller who had not read the rules nor any triage
# output, committed before the first score (bbefa562;
# triage-expert62.md).  Every log is ours: nothing needs ../shared.
# Holds the values measured when the set was first scored (main's binary
# at ad615b90) as floors: strict precision 5/6 (META-BOUND on manifest,
# labelled false), recall per root cause 3/3, per label 5/7 (the misses
# are same-cause companions: REDUNDANT on manifest, IO-TIME on couple4k).
# Precision raised to 5/5: META-BOUND leaves the metadata of opens that
# each sync their writes to IOL-FSYNC (t/7554), on manifest and its
# reruns alike.
# The two reruns of each program (reruns/r62-labels62-ab{1,2}-NAME) are
# printed after its first run.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 62 8 8 1.000 1.000 0.714 5
for p in poll lock couple tmpfile pysteps manifest tmp4k couple4k; do
	verdicts "$TOP/t/data/triage-round62/r62-$p.darshan" \
		"$TOP"/t/data/triage-round62/reruns/r62-labels62-ab*-$p.darshan
	diag "$p, first run then reruns: $(sed 's/^$/none/' "$TMP/verdicts" | tr '\n' ';')"
done
done_testing
