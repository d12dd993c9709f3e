#!/bin/sh
# iolens triage against a hundred-and-eighty-eighth, held-out round of
# independent labels: t/data/triage-expert188.tsv (issue 34), 6 logs we
# made by running deep-learning training input pipelines and
# checkpointing (C/MPI at 4 ranks, serial Python 3.11) under Darshan
# 3.5.0 on a blkio-throttled loop device, each run started cold
# (t/data/triage-round188/): 2 epochs over a packed 32 MiB shard in
# 2 MiB shuffled chunks with a rank-0 fprintf metric log, per-rank
# checkpoint shards (4 MiB in 1 MiB writes, one fsync each), a Python
# trainer with a kept-open metrics log and one fsynced checkpoint
# (fine); the same epochs from 2048 sample files of 16 KiB (a read file
# storm), a map-style dataset read one 4 KiB pread a sample at shuffled
# offsets, the Python trainer fsyncing every metric line (problems);
# labelled from raw counters before the first score (168a0d37;
# triage-expert188.md).  Every log is ours: nothing needs ../shared.
# Holds the values measured when the set was first scored (the binary
# at 168a0d37) as floors: strict precision 6/8 (samplefiles' REDUNDANT,
# labelled false: the same rank drawing a sample in both epochs is the
# epoch's pass, not a re-read; its SHARED-SMALL, unlabelled: sample
# files read whole by different ranks in different epochs are not
# small requests to a shared file: false positives), recall per root
# cause 3/3, per label 6/10 (samplefiles' and pyfsync's SMALL-REQ,
# smallreads' SHARED-SMALL and RANDOM, labelled material as the same
# root cause, are info or below the floor: "same cause found").  The
# reruns (reruns/r188-labels188-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 188 6 6 0.750 1.000 0.600 6
rerun_diag 188 shardread ckptshard pytrain samplefiles smallreads pyfsync
done_testing
