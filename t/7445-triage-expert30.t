#!/bin/sh
# iolens triage against a thirtieth, held-out round of independent
# labels: t/data/triage-expert30.tsv (issue 34), 30 population jobs of
# every user no round 1-29 named, drawn with shuf and a real random
# source (an AES-256-CTR keystream, pass 30): h5-ckpt 5, turb-small 5,
# esm-meta (mdtest) 6, ckpt-n1 3, ckpt-fpp 3, turb-coll 2, esm-rank0 2,
# readmostly 2, io-agg 1, python3 1, judged from raw counters by a
# labeller who had not read the rules nor any triage output, committed
# before the first score (811e6c3; triage-expert30.md, which declares two
# reading slips before labelling).  Every log is in ../shared: without
# it the whole test skips.
# Holds the values measured when the set was first scored (main's binary
# at 9b133e7) as floors: strict precision 11/11 (no false or trivial
# finding at warn or high), recall per root cause 9/14, per label 11/28.
# The 5 root causes missed are the mdtest file storms labelled material
# (SMALL-FILES and META-BOUND, 5.5-10.4 % of a ~1.1 s run: triage stakes
# them alike, 0.059-0.118 s, but 400 files is under storm_files and the
# stakes under min_stake_s); the other 7 labels missed are companions
# whose cause was found (SHARED-SMALL of 4 KiB requests, RANK-IMBALANCE
# of rank-0-only I/O, both at info).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
[ -d "$SHARED/corpus/population/logs" ] ||
	skip_all "../shared is not present: all 30 logs of round 30 are population jobs there"
# storm_files (1000) decides a created storm's structure since 2026-12-02
# (issue 34): mdtest's 400 files (c13-c15), labelled material here, are
# judged by the 1 s floor, info on every rerun, as rounds 1, 2, 3 and 10
# labelled them; the floors fell to the score then (docs/metrics.md).
# floors: strict precision, recall per root cause, per label, found; the
# found floor is 0 because round_test holds "ours" (no log here: a score
# of nothing, 0 found) to it too; $line is then the score of all 30
round_test 30 30 0 1.000 0.642 0.392 0
ge "$(num "$line" tp)" 11 "all 30: material findings found at warn or high (floor of the first score)"
done_testing
