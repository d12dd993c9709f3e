#!/bin/sh
# iolens triage against a hundred-and-seventy-fifth, held-out round of
# independent labels: t/data/triage-expert175.tsv (issue 34), 5 logs we
# made by running finite-element structural-mechanics programs (C/MPI at
# 1, 2 and 4 ranks) under Darshan 3.5.0, their outputs on a
# blkio-throttled sync mount, their inputs on the local disk
# (t/data/triage-round175/): mesh partitions read once a rank with the
# results written collectively to one shared Exodus-like file and a
# buffered rank-0 solver log, a global mesh read by rank 0 and scattered
# with per-rank solution files a step and an fsync'ed restart, a
# post-processor reading 16 nodal histories in 24-B preads (fine); a file
# per rank per step per field (800 files of 8 KiB), a convergence log
# flushed and fsync'ed after every line (problems); labelled from raw
# counters before the first score (af6319e1; triage-expert175.md).
# Every log is ours: nothing needs ../shared.
# Holds the values measured when the set was first scored (the binary
# at af6319e1) as floors: strict precision 5/5, recall per root cause
# 2/3 (stepstorm's 8 KiB synchronous writes, labelled material at 1.8 s
# from a packed twin, are info: "whole-file requests: no request can
# grow"), per label 5/7 (stepstorm's META-BOUND, labelled material as
# the same root cause as SMALL-FILES, is info: "same cause found").  The
# reruns (reruns/r175-labels175-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# whole_write_waits() then found stepstorm's whole-file 8 KiB writes as
# IOL-SMALL-REQ (labelled material, a second cause): causes 2/3 -> 3/3.
# floors: strict precision, recall per root cause, per label, found
round_test 175 5 5 1.000 1.000 0.857 6
rerun_diag 175 part scatter post stepstorm fsynclog
done_testing
