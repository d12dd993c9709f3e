#!/bin/sh
# iolens triage against a forty-fifth, held-out round of independent
# labels: t/data/triage-expert45.tsv (issue 34), 15 logs we made by
# running jobs that read and update data out of order (C/MPI, a Fortran
# direct-access solver, sqlite3; 1-8 ranks) under Darshan 3.5.0, ten on
# the local disk, five on a blkio-throttled loop device read cold
# (t/data/triage-round45/): CSR SpMV row blocks, out-of-core 2 MiB
# panels read newest first, a hash shuffle a write(2) a 100-B record (or
# buffered), 64-B random read-modify-write of a shared particle file (or
# sorted 1 MiB windows re-read every step), a sample sort, fseek+fread
# and open-per-lookup of a table, random sqlite3 lookups, 36-B random
# graph reads (or sorted runs), block-cyclic reads (512-B pieces or a
# darray view), a skewed partition; judged from raw counters by a
# labeller who had not read the rules nor any triage output, committed
# before the first score (a13ddd8; triage-expert45.md).  Every log is
# ours: nothing needs ../shared.
# Holds the values measured when the set was first scored (main's binary
# at eed4f25) as floors: strict precision 12/12, recall per root cause
# 7/8 as the scorer counts them (part-sorted's structural re-reads,
# 0.94 s, 10.8 % of the run, are below the impact floor), per label
# 12/17 (the other misses are info companions of causes found).
# The two reruns of each program (reruns/r45-labels45-ab{1,2}-NAME) are
# printed: 11 of 15 programs keep one verdict over their three runs.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 45 15 15 1.000 1.000 0.765 13
for p in csr-spmv ftn-ooc shuffle-tiny shuffle-buf part-rmw part-sorted sample-sort stdio-seek \
	idx-reopen sqlite-lookup graph-rand graph-sorted bcyc-indep bcyc-view hash-skew; do
	verdicts "$TOP/t/data/triage-round45/r45-$p.darshan" \
		$(ls "$TOP"/t/data/triage-round45/reruns/r45-labels45-ab*-$p.darshan 2>/dev/null)
	diag "$p, first run then reruns: $(sed 's/^$/none/' "$TMP/verdicts" | tr '\n' ';')"
done
done_testing
