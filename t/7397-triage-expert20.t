#!/bin/sh
# iolens triage against a twentieth, held-out round of independent
# labels: t/data/triage-expert20.tsv (issue 34), 15 REAL public logs no
# round had labelled: 13 of darshan-hpc/darshan-logs (5 DLIO python
# processes, an h5py test with staggered ranks and DXT, IOR -a HDF5, four
# mpi-io-test release logs, 20 of 40 ranks printing a line, a 2048-rank
# IOR collective read with skewed aggregators), Drishti's sample of a
# 384-rank openPMD HDF5 write and DXT Explorer's of a 1024-rank openPMD
# benchmark; and 6 population jobs drawn by seed (python3 postproc x2,
# ckpt-fpp, turb-coll x2, ckpt-n1), judged from raw counters by a
# labeller who had not read the rules nor any triage output, committed
# before the first score (6bfd7b0; triage-expert20.md).
# The public logs are not in the repository: they are extracted from the
# git mirrors under IOLENS_MIRROR (default /work/.mirror) into this
# test's own directory, laid out as round_test expects our logs
# (t/data/triage-round20/mirror/<repo>/<path>); without the mirrors the
# test skips, without ../shared only the 15 public logs are scored.
# Holds the values measured when the set was first scored (main's binary
# at 505c6d3) as floors: strict precision 6/8 (jeanbez_8's IO-TIME and
# LUSTRE-MISALIGNED, labelled trivial), recall per root cause 4/4, per
# label 6/9 (SHARED-SMALL not evaluated on per-rank records,
# READ-AFTER-WRITE an info rule, skew's SHARED-TIME-IMBALANCE under its
# relative threshold: each the same cause as a finding found); the
# population adds no finding and no material label.  The 2 findings
# labelled trivial are also held as a ceiling: one more fails.
# triage23 raised the floor to 6/7 and the ceiling to 1: jeanbez_8's
# LUSTRE-MISALIGNED weighs its misaligned requests by bytes (round 21).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
mirror_round 20
# floors: strict precision, recall per root cause, per label, found
round_test 20 21 15 0.857 1 0.667 6
# $line: the last score (every log with ../shared, the public ones alone without)
fp=$(( $(num "$line" findings) - $(num "$line" tp) ))
ok "$([ "$fp" -le 1 ] && echo 0 || echo 1)" "findings not labelled material: $fp <= 1"
done_testing
