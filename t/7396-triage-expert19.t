#!/bin/sh
# iolens triage against a nineteenth, held-out round of independent
# labels: t/data/triage-expert19.tsv (issue 34), 15 logs we made ourselves
# by running real programs under Darshan 3.5.0 (t/data/triage-round19/:
# collective MPI_File_write_at_all of 64 KiB a rank a call, and the same
# bytes in 4 MiB calls; a rank-0-only restart read of 256 MiB with
# MPI_Bcast, and every rank reading its quarter with MPI_Allgather; two
# analysis passes over an input, and one; 1000 files of 1 MiB, and one
# 250 MiB file a rank; checkpoints truncated before each rewrite, and
# rewritten in place; a 16-rank N-N write of 256 KiB records; an
# O_CREAT|O_EXCL race on one shared file; lseek+read at growing strides;
# 2 MiB reads with and without posix_fadvise) and 6 population jobs drawn
# by seed (dd, turb-coll x2, ckpt-fpp x2, python3 postproc), judged from
# raw counters by a labeller who had not read the rules nor any triage
# output, committed before the first score (269280d;
# triage-expert19.md).  Our logs are in the repository, the population's
# in ../shared: without it only our 15 are scored.
# Holds the values measured when the set was first scored (main's binary
# at 5d8f681) as floors: strict precision 0/2 (coll-64k's SMALL-REQ,
# labelled false, and IO-TIME, labelled trivial: the 4 MiB twin was not
# consistently faster), recall per root cause 0/1 and per label 0/3
# (r0-bcast's RANK0-IO, IDLE-RANKS, RANK-IMBALANCE: the rule stakes
# rank 0's 0.71 s of reads, the twin saved 4.9 s of waiting for the
# broadcast).  Floors of 0 cannot fall, so the findings labelled
# trivial or false (2) are also held as a ceiling: one more fails.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 19 21 15 0 0 0 0 coll-64k r0-bcast twopass
# $line: the last score (every log with ../shared, ours alone without)
fp=$(( $(num "$line" findings) - $(num "$line" tp) ))
ok "$([ "$fp" -le 0 ] && echo 0 || echo 1)" "findings not labelled material: $fp <= 0"
done_testing
