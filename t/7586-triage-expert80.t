#!/bin/sh
# iolens triage against an eightieth, held-out round of independent
# labels: t/data/triage-expert80.tsv (issue 34), 6 logs we made by
# running results stores and append logs under Darshan 3.5.0
# (t/data/triage-round80/): a 4-rank task farm storing rows in SQLite
# through rank 0 (WAL, synchronous=NORMAL, 50 rows a transaction; and a
# transaction per row, rollback journal, synchronous=FULL on a
# blkio-throttled write-back mount), 8 ranks appending CSV lines to one
# O_APPEND log, a Python driver re-reading its whole results.jsonl
# before every task, a Fortran direct-access status file rewritten in
# place, a seq | awk pipeline flushing a line a task; judged from raw
# counters by a labeller who had not read the rules nor any triage
# output, committed before the first score (49d456ca;
# triage-expert80.md).  Every log is ours: nothing needs ../shared.
# Holds the values measured when the set was first scored (main's binary
# at f0e27f30) as floors: strict precision 4/5 (jl-reread's 8 KiB
# re-reads told as IOL-SMALL-REQ are labelled trivial), recall per root
# cause 2/2, per label 4/8 (the misses are companions of causes found).
# The two reruns of each program (reruns/r80-labels80-ab{1,2}-NAME) are
# printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# red_sync_writes() (issue 34, rounds 172, 179): r80-db-row-full's REDUNDANT, labelled
# material as the same root cause as IOL-FSYNC, is told by FSYNC (its
# rewrites' time is the syncs'): "same cause found", floors follow.
# floors: strict precision, recall per root cause, per label, found
round_test 80 6 6 1.000 1.000 0.375 3
for p in db-batch db-row-full csv-append jl-reread kv-inplace awk-append; do
	verdicts "$TOP/t/data/triage-round80/r80-$p.darshan" \
		"$TOP"/t/data/triage-round80/reruns/r80-labels80-ab*-$p.darshan
	diag "$p, first run then reruns: $(sed 's/^$/none/' "$TMP/verdicts" | tr '\n' ';')"
done
done_testing
