#!/bin/sh
# iolens triage against a thirty-second, held-out round of independent
# labels: t/data/triage-expert32.tsv (issue 34), 11 logs we made by
# running jobs of real length (58-140 s, compute between I/O phases) under
# Darshan 3.5.0 (t/data/triage-round32/: 4-rank simulations checkpointing
# N-1 collectively, N-N, N-N with an fsync after every 8 KiB write and its
# twin with one a checkpoint, rank 0 writing for all; an analysis reading
# its input in 32-byte records against 671 KB slices; a post-processing
# step rereading its own output 12 times; a job with 0.3 % of I/O; ranks
# imbalanced in compute with collective checkpoints; numpy saving 2000
# small .npy files), judged from raw counters by a labeller who had not
# read the rules nor any triage output, committed before the first score
# (80acd9c; triage-expert32.md).  Every log is ours.
# Holds the values measured when the set was first scored (main's binary
# at 9b133e7) as floors: strict precision 2/2, recall per root cause 2/2,
# per label 2/3 (SHARED-SMALL beside ana-small's SMALL-REQ is info by
# design: one cause told once).  9 logs are NONE: rank-0 output, re-reads
# and the file storm cost under 5 % of these runs, and triage keeps them
# info; r32-imbal's IO-TIME sits at 45.6 % of the run, 30.2 s of MPI-IO
# that is rank 0 waiting in collective opens for the computing ranks.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 32 11 11 1.000 1.000 0.667 2
done_testing
