#!/bin/sh
# iolens triage against a twenty-first, held-out round of independent
# labels: t/data/triage-expert21.tsv (issue 34), 16 REAL public logs no
# round had labelled: every Darshan log of darshan-hpc/darshan's pydarshan
# examples and test inputs (a 2048-rank VPIC-IO HDF5 write of 2 TiB, a
# 2048-rank IOR write stalled by one slow OST and its good-OST twin, a
# 512-rank job without a POSIX module, a 32-process job reopening its
# STDIO log 3034 times, a Java worker blocking on named pipes, MACSio,
# IOR -a HDF5, a DXT MPI-IO test, six toy apps) and NERSC/pytokio's
# sample-2 (the 2048-rank read of the VPIC-IO file), deduplicated by
# checksum; and 6 population jobs drawn by seed (turb-coll x2, ckpt-fpp
# x3, ckpt-n1), judged from raw counters by a labeller who had not read
# the rules nor any triage output, committed before the first score
# (207c79b; triage-expert21.md).
# The public logs are not in the repository: they are extracted from the
# git mirrors under IOLENS_MIRROR (default /work/.mirror) into this
# test's own directory, laid out as round_test expects our logs
# (t/data/triage-round21/mirror/<repo>/<path>); without the mirrors the
# test skips, without ../shared only the 16 public logs are scored.
# Holds the values measured when the set was first scored (main's binary
# at 505c6d3) as floors: strict precision 1/11 (sample-badost's SLOW-OST;
# IO-TIME, SMALL-REQ, LUSTRE-MISALIGNED and SHARED-TIME-IMBALANCE on the
# VPIC-IO write and read, MACSio and the pipe-bound Java worker labelled
# trivial or false), recall per root cause 1/1, per label 1/2 (badost's
# IO-TIME: the slow OST is not among its causes); the population adds no
# finding and no material label.  The 10 findings labelled trivial or
# false are also held as a ceiling: one more fails.
# triage23 raised the floors to strict precision 2/5, recall per label
# 2/2 (SLOW-OST's stake the slowest rank's and IO-TIME naming it; the
# VPIC-IO read's and write's SMALL-REQ, LUSTRE-MISALIGNED, IO-TIME and
# SHARED-TIME-IMBALANCE, MACSio's SMALL-REQ no longer warn) and the
# ceiling to 3 (dxt.darshan's META-BOUND and IO-TIME, MACSio's IO-TIME).
# triage25 raised them to strict precision 2/3 and the ceiling to 1
# (MACSio's IO-TIME): one process's metadata summed over its threads
# beyond the run (dxt.darshan's pipe waits) is not staked (t/7433).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
mirror_round 21
# floors: strict precision, recall per root cause, per label, found
round_test 21 22 16 0.666 1 1 2
# $line: the last score (every log with ../shared, the public ones alone without)
fp=$(( $(num "$line" findings) - $(num "$line" tp) ))
ok "$([ "$fp" -le 1 ] && echo 0 || echo 1)" "findings not labelled material: $fp <= 1"
done_testing
