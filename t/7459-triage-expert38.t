#!/bin/sh
# iolens triage against a thirty-eighth, held-out round of independent
# labels: t/data/triage-expert38.tsv (issue 34), 10 logs we made by
# running one MPI stencil program at 8, 12 or 16 ranks, oversubscribed on
# a loaded 2-core VM, under Darshan 3.5.0 with DXT (t/data/triage-round38/):
# a balanced checkpoint N-1 collective and N-N, one rank writing 4x the
# data through a collective, one rank computing 3x longer before each
# collective checkpoint (the others wait in MPI_File_open), a collective
# restart read, an input read by rank 0 and broadcast against read by all
# 16 ranks, a 2-aggregator write by hand, and one rank of 8 fsync'ing
# every 8 KiB write with its twin without; judged from raw counters by a
# labeller who had not read the rules nor any triage output, committed
# before the first score (998d63b; triage-expert38.md).  Every log is
# ours: nothing needs ../shared.  Holds the values measured when the set
# was first scored (main's binary at b578834) as floors: strict precision
# 3/3, recall per root cause 1/1, per label 3/3.  The two reruns of each
# program (reruns/r38-labels38-ab{1,2}-NAME) are printed: 18 of 20 got
# their first run's verdict when the set was scored (strag-fsync ab1
# drops IO-TIME at 38 % of its run, ab2 drops STRAGGLER: the phase it
# stakes is rank 3's first, 0.62 s, not its 2.9 s one).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 38 10 10 1.000 1.000 1.000 3
for p in ckpt-coll ckpt-fpp ckpt-big1 ckpt-slow1 ckpt-agg2 restart deck-bcast deck-all strag-fsync strag-nofsync; do
	verdicts "$TOP/t/data/triage-round38/r38-$p.darshan" \
		$(ls "$TOP"/t/data/triage-round38/reruns/r38-labels38-ab*-$p.darshan)
	diag "$p, first run then reruns: $(sed 's/^$/none/' "$TMP/verdicts" | tr '\n' ';')"
done
done_testing
