#!/bin/sh
# iolens triage against a twenty-seventh, held-out round of independent
# labels: t/data/triage-expert27.tsv (issue 34), 30 population jobs of
# every user no round 1-25 named, drawn with shuf and a real random
# source (an AES-256-CTR keystream, pass 27): esm-meta (mdtest) 7,
# readmostly 5, turb-small 4, esm-rank0 3, h5-ckpt 3, ckpt-n1 2,
# turb-coll 2, io-agg 2, dd 1, sqlite3 1, judged from raw counters by a
# labeller who had not read the rules nor any triage output, committed
# before the first score (2387770; triage-expert27.md).  Every log is in
# ../shared: without it the whole test skips.
# Holds the values measured when the set was first scored (main's binary
# at 6f1ba1e) as floors: strict precision 16/16 (no false or trivial
# finding at warn or high), recall per root cause 13/17, per label 16/35.
# The 4 root causes missed are the mdtest file storms labelled material
# (SMALL-FILES and META-BOUND, 9.4-11.7 % of a ~1.1 s run: 400 files is
# under storm_files and 0.10-0.14 s under min_stake_s, a borderline
# reading triage-expert27.md states); the other 11 labels missed are
# companions whose cause was found (RANK-IMBALANCE and IO-TIME of
# rank-0-only I/O, SHARED-SMALL and IO-TIME of 4 KiB requests).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
[ -d "$SHARED/corpus/population/logs" ] ||
	skip_all "../shared is not present: all 30 logs of round 27 are population jobs there"
# storm_files (1000) decides a created storm's structure since 2026-12-02
# (issue 34): mdtest's 400 files (c13-c15), labelled material here, are
# judged by the 1 s floor, info on every rerun, as rounds 1, 2, 3 and 10
# labelled them; the floors fell to the score then (docs/metrics.md).
# floors: strict precision, recall per root cause, per label, found; the
# found floor is 0 because round_test holds "ours" (no log here: a score
# of nothing, 0 found) to it too; $line is then the score of all 30
round_test 27 30 0 1.000 0.764 0.457 0
ge "$(num "$line" tp)" 16 "all 30: material findings found at warn or high (floor of the first score)"
done_testing
