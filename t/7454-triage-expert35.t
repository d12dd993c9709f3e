#!/bin/sh
# iolens triage against a thirty-fifth, held-out round of independent
# labels: t/data/triage-expert35.tsv (issue 34), the last 18 population
# jobs no round 1-33 named (all of them, no draw): ckpt-fpp 1, ckpt-n1 1,
# dd 1, turb-small 2, turb-coll 2, python3 1, esm-meta (mdtest) 2,
# esm-rank0 2, sqlite3 1, h5-ckpt 2, io-agg 3, judged from raw counters
# by a labeller who had not read the rules nor any triage output,
# committed before the first score (b41ce44; triage-expert35.md).  Every
# log is in ../shared: without it the whole test skips.
# Holds the values measured when the set was first scored (main's binary
# at 1ab76d2) as floors: strict precision 7/7, recall per root cause 5/7,
# per label 7/15.  The 2 root causes missed are the mdtest file storms
# labelled material (SMALL-FILES and META-BOUND, 9.3 % and 12.3 % of a
# ~1.1 s run; first scored below the impact floor as 400 files was under
# storm_files, found since storm_creates = 400: cause recall 5/7 -> 7/7);
# the other 4 labels missed are companions whose cause was found
# (SHARED-SMALL of 4 KiB requests, RANK-IMBALANCE of rank-0-only I/O).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
[ -d "$SHARED/corpus/population/logs" ] ||
	skip_all "../shared is not present: all 18 logs of round 35 are population jobs there"
# storm_files (1000) decides a created storm's structure since 2026-12-02
# (issue 34): mdtest's 400 files (c13-c15), labelled material here, are
# judged by the 1 s floor, info on every rerun, as rounds 1, 2, 3 and 10
# labelled them; the floors fell to the score then (docs/metrics.md).
# floors: strict precision, recall per root cause, per label, found; the
# found floor is 0 because round_test holds "ours" (no log here: a score
# of nothing, 0 found) to it too; $line is then the score of all 18
round_test 35 18 0 1.000 0.714 0.466 0
ge "$(num "$line" tp)" 7 "all 18: material findings found at warn or high (floor of the first score)"
done_testing
