#!/bin/sh
# iolens triage against a thirty-third, held-out round of independent
# labels: t/data/triage-expert33.tsv (issue 34), 30 population jobs of
# every user no round 1-30 named, drawn with shuf and a real random
# source (an AES-256-CTR keystream, pass 33): turb-small 12, ckpt-n1 5,
# esm-meta (mdtest) 5, turb-coll 4, ckpt-fpp 2, readmostly 2, judged
# from raw counters by a labeller who had not read the rules nor any
# triage output, committed before the first score (24f98af;
# triage-expert33.md).  Every log is in ../shared: without it the whole
# test skips.
# Holds the values measured when the set was first scored (main's binary
# at 33a67fe) as floors: strict precision 14/14 (no false or trivial
# finding at warn or high), recall per root cause 14/19, per label 14/36.
# The 5 root causes missed are the mdtest file storms labelled material
# (SMALL-FILES and META-BOUND, 5.6-11.3 % of a ~1.1 s run: triage prints
# them below the impact floor, 400 files being under storm_files and
# 0.06-0.13 s under min_stake_s); the other 12 labels missed are
# SHARED-SMALL of 4 KiB requests, at info as SMALL-REQ's companion.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
[ -d "$SHARED/corpus/population/logs" ] ||
	skip_all "../shared is not present: all 30 logs of round 33 are population jobs there"
# storm_files (1000) decides a created storm's structure since 2026-12-02
# (issue 34): mdtest's 400 files (c13-c15), labelled material here, are
# judged by the 1 s floor, info on every rerun, as rounds 1, 2, 3 and 10
# labelled them; the floors fell to the score then (docs/metrics.md).
# floors: strict precision, recall per root cause, per label, found; the
# found floor is 0 because round_test holds "ours" (no log here: a score
# of nothing, 0 found) to it too; $line is then the score of all 30
round_test 33 30 0 1.000 0.736 0.388 0
ge "$(num "$line" tp)" 14 "all 30: material findings found at warn or high (floor of the first score)"
done_testing
