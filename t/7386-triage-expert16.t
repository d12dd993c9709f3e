#!/bin/sh
# iolens triage against a sixteenth, held-out round of independent labels:
# t/data/triage-expert16.tsv (issue 34), 18 logs we made ourselves by
# running real programs and unmodified tools under Darshan 3.5.0
# (t/data/triage-round16/: per-rank subfiles merged by rank 0 and the same
# bytes written once at their offsets; 16 ranks each reading a whole
# input and rank 0 reading it with MPI_Bcast; a checkpoint written by a
# background thread and in the foreground; fdatasync after every 64 KiB
# write and once; writev of 4 KiB iovecs and 4 KiB write(2); numpy's
# np.save + np.load, np.savetxt and a small np.save; sha256sum, whose
# reads Darshan does not see; rsync -a, receiver and sender; cp -a and
# git clone of a 2000-file tree) and 6 population jobs drawn by seed (six
# IOR checkpoints), judged from raw counters by a labeller who had not
# read the rules nor any triage output, committed before the first score
# (ece453d; triage-expert16.md).
# Our logs are in the repository and are scored even without ../shared;
# the population's are in ../shared: only the whole set's score skips
# when it is absent (then the scorer runs with SHARED at a directory of
# two links, t and corpus).
# Holds the values measured when the set was first scored (main's binary
# at 5c5fad7) as floors, so that no rule change loses them: strict
# precision 11/15, recall per root cause 5/6, per label 11/15.  The six
# population jobs had no finding and no material label then, so the 18
# logs of ours alone score the same.  The A B reruns' verdicts are
# printed, not tested (at 5c5fad7 subagg's RANK-IMBALANCE fires in 2 of
# 3, write4k's IO-TIME in 3 of 6, fdsync-each's IO-TIME in 2 of 3).
# Raised since: precision 11/14 once SMALL-REQ left r16-git-clone's
# whole-file checkout writes out (t/7388).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 16 24 18 1.000 0.833 0.733 11 subagg direct fdsync-each fdsync-end bg-thread fg-write writev write4k write1m np-savetxt readall16 readbcast16
done_testing
