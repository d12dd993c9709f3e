#!/bin/sh
# iolens triage against a twenty-eighth, held-out round of independent
# labels: t/data/triage-expert28.tsv (issue 34), 30 population jobs of
# every user no round 1-27 named, drawn with shuf and a real random
# source (an AES-256-CTR keystream, pass 28): turb-small 5, esm-meta
# (mdtest) 6, io-agg 5, ckpt-n1 3, esm-rank0 3, h5-ckpt 3, turb-coll 3,
# ckpt-fpp 1, readmostly 1, judged from raw counters by a labeller who
# had not read the rules nor any triage output, committed before the
# first score (d29b7c5; triage-expert28.md).  Every log is in
# ../shared: without it the whole test skips.
# Holds the values measured when the set was first scored (main's binary
# at aae01b8) as floors: strict precision 12/12 (no false or trivial
# finding at warn or high), recall per root cause 9/13, per label 12/33.
# The 4 root causes missed are the mdtest file storms labelled material
# (SMALL-FILES and META-BOUND, 7.4-12.3 % of a ~1.1 s run: 400 files is
# under storm_files and 0.08-0.14 s under min_stake_s, the borderline
# reading triage-expert28.md states); the other 13 labels missed are
# companions whose cause was found (RANK-IMBALANCE and RANK-SIZE-
# IMBALANCE of rank-0-only I/O, SHARED-SMALL and IO-TIME of 4 KiB
# requests).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
[ -d "$SHARED/corpus/population/logs" ] ||
	skip_all "../shared is not present: all 30 logs of round 28 are population jobs there"
# storm_files (1000) decides a created storm's structure since 2026-12-02
# (issue 34): mdtest's 400 files (c13-c15), labelled material here, are
# judged by the 1 s floor, info on every rerun, as rounds 1, 2, 3 and 10
# labelled them; the floors fell to the score then (docs/metrics.md).
# floors: strict precision, recall per root cause, per label, found; the
# found floor is 0 because round_test holds "ours" (no log here: a score
# of nothing, 0 found) to it too; $line is then the score of all 30
round_test 28 30 0 1.000 0.692 0.363 0
ge "$(num "$line" tp)" 12 "all 30: material findings found at warn or high (floor of the first score)"
done_testing
