#!/bin/sh
# iolens triage against a fifty-fifth, held-out round of independent
# labels: t/data/triage-expert55.tsv (issue 34), 11 logs we made by
# running MPI-IO jobs shaped by their hints and settings (C/MPI under
# ROMIO and OMPIO, a Fortran read_all, gzip; 1-8 ranks) under Darshan
# 3.5.0, seven on the local disk, four on a blkio-throttled sync mount
# (t/data/triage-round55/): collective buffering on a 4 KiB-interleaved
# view, 16 MiB independent blocks, iwrite_at_all, a split collective,
# set_size per checkpoint, write_shared of 256 B records, gzip, a
# Fortran restart read_all, and three real problems: romio_cb_write=
# disable (data sieving read-modify-write), romio_ds_read=enable on a
# sparse read (126x the bytes), MPI_File_preallocate per checkpoint
# (zeros written by rank 0); judged from raw counters by a labeller who
# had not read the rules nor any triage output, committed before the
# first score (86aa40a0; triage-expert55.md).  Every log is ours:
# nothing needs ../shared.
# Holds the values measured when the set was first scored (main's binary
# at bd6feedf) as floors, raised since: strict precision 4/9 -> 4/7
# (dsread's SMALL-REQ on 512 KiB MPI-IO calls data sieving served and its
# IO-TIME under the 2/3 rule are no findings since the sieved calls are
# left out, t/7531; iwall's overlapped checkpoint rewrites, prealloc's
# two imbalances of its one aggregator remain),
# recall per root cause 3/3, per label 4/6 (the misses are second codes
# of causes found).  Raised: strict precision 4/7 = 0.571 once one
# aggregator's POSIX bytes stopped being told as a shared-file
# imbalance (prealloc, t/7533).
# Raised again when iwall's rewrites, drained behind
# MPI_File_iwrite_at_all, came to be staked at MPI-IO's time (0.299 s,
# t/7539).
# The two reruns of each program (reruns/r55-labels55-ab{1,2}-NAME) are
# printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 55 11 11 1.000 1.000 0.666 4
for p in coll-romio contig-indep iwall split setsize shared gzip cb-off dsread prealloc restart-f90; do
	verdicts "$TOP/t/data/triage-round55/r55-$p.darshan" \
		"$TOP"/t/data/triage-round55/reruns/r55-labels55-ab*-$p.darshan
	diag "$p, first run then reruns: $(sed 's/^$/none/' "$TMP/verdicts" | tr '\n' ';')"
done
done_testing
