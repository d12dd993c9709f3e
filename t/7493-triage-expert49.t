#!/bin/sh
# iolens triage against a forty-ninth, held-out round of independent
# labels: t/data/triage-expert49.tsv (issue 34), 14 logs of jobs that
# mostly read (analysis, restart, post-processing: C/MPI, Fortran,
# Python/numpy, gawk; 1-8 ranks) under Darshan 3.5.0, 9 on the local
# disk, 5 on a blkio-throttled loop device (t/data/triage-round49/):
# 8 with no material problem (N-N restart, a reduction over steps, a
# Fortran mesh load, a numpy CSV script, mmap'd input, gawk, a namelist,
# one rank reading 4x its share: 0.92 s) and 6 with one each (OMPIO's one
# aggregator on an N-1 restart, 64 B fseek+fread probes of a hash table,
# a Fortran count-and-rewind re-read, two read(2) a record, a CSR graph
# read by rank 0, 2000 small files read back); judged from raw counters
# by a labeller who had not read the rules nor any triage output,
# committed before the first score (4d76cd91; triage-expert49.md).
# Every log is ours: nothing needs ../shared.
# Held the values measured when the set was first scored (main's binary
# at 63234223) as floors: strict precision 4/8, recall per root cause
# 3/6, per label 4/13 (the misses: rank 0's reads of a file all ranks
# opened, a single aggregator, the re-read's parse time, and 64 B STDIO
# probes told as metadata).  Raised since: strict precision 4/7
# (hash-probe's seeks, 2.65 ms each waiting for the device, no longer
# told as metadata: t/7507); then RANK0-IO counting a shared record one
# rank moved as that rank's (graph-root found, its two shared-file
# imbalance warnings told as its pattern, info: t/7505): 5/6, 4/6, 5/13;
# then STRAGGLER staking a rank with more bytes than the mean rank by
# what balance saves (imbal-skew 1.32 -> 0.984 s, info: t/7510): 5/5.
# The two reruns of each program are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 49 14 14 1.0 0.667 0.385 5
for p in ckpt-n1 ckpt-nn reduce mesh-f90 csv-py mmap-in awk-pipe nml-f90 hash-probe \
	twopass-f90 lenrec-rec graph-root files-many imbal-skew; do
	verdicts "$TOP/t/data/triage-round49/r49-$p.darshan" \
		"$TOP"/t/data/triage-round49/reruns/r49-labels49-ab*-$p.darshan
	diag "$p, first run then reruns: $(sed 's/^$/none/' "$TMP/verdicts" | tr '\n' ';')"
done
done_testing
