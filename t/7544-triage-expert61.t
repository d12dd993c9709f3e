#!/bin/sh
# iolens triage against a sixty-first, held-out round of independent
# labels: t/data/triage-expert61.tsv (issue 34), 14 logs we made by
# running jobs that overlap I/O with computation, and their twins
# without the overlap, under Darshan 3.5.0 (1-4 ranks; 8 on the local
# disk, 6 on a blkio-throttled sync mount; t/data/triage-round61/): a
# writer pthread against the main thread writing, double-buffered
# MPI_File_iwrite_at against a wait at once, POSIX AIO in flight against
# one 4 KiB request at a time, a prefetching reader thread, np.save from
# a thread pool, a dedicated I/O rank (plain, on slow storage, and
# fdatasync'ing every block); judged from raw counters by a labeller who
# had not read the rules nor any triage output, committed before the
# first score (e6341f5e; triage-expert61.md).  Every log is ours.
# Holds the values measured when the set was first scored (main's binary
# at 1f7275d4) as floors: strict precision 3/14 (hidden I/O time told as
# a cost: aio-overlap's AIO flight, the I/O rank's writes), recall per
# root cause 2/3 (thr-sync's un-overlapped output is missed), per label
# 3/4.  Strict precision raised to 3/11 (triage64: iorank-fsync's
# RANK0-IO, IDLE-RANKS and RANK-IMBALANCE told by IOL-FSYNC, t/7552).
# The two reruns of each program (reruns/r61-labels61-ab{1,2}-NAME) are
# printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 61 14 14 0.272 0.667 0.750 3
for p in thr-local thr-thread thr-sync iw-overlap iw-waitnow aio-overlap aio-4k pref-thread pref-sync \
	py-thread py-sync iorank-local iorank-plain iorank-fsync; do
	verdicts "$TOP/t/data/triage-round61/r61-$p.darshan" \
		$(ls "$TOP"/t/data/triage-round61/reruns/r61-labels61-ab*-$p.darshan 2>/dev/null)
	diag "$p, first run then reruns: $(sed 's/^$/none/' "$TMP/verdicts" | tr '\n' ';')"
done
done_testing
