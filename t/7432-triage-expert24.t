#!/bin/sh
# iolens triage against a twenty-fourth, held-out round of independent
# labels: t/data/triage-expert24.tsv (issue 34), 30 population jobs no
# round 1-23 named, drawn with shuf --random-source=<(yes 24) (a constant
# source: it reached only lines 2-81 of the 193 left, alice's and bob's
# IOR jobs: ckpt-n1 16, ckpt-fpp 3, turb-small 7, turb-coll 4), judged
# from raw counters by a labeller who had not read the rules nor any
# triage output, committed before the first score (7efca66;
# triage-expert24.md).  Every log is in ../shared: without it the whole
# test skips.
# Holds the values measured when the set was first scored (main's binary
# at 55cf07e) as floors: strict precision 7/7 (the seven turb-small
# SMALL-REQ warnings), recall per root cause 7/7, per label 7/15 (the
# seven SHARED-SMALL companions, labelled "same root cause as
# IOL-SMALL-REQ", are info, and seq 112's IO-TIME, labelled the same
# cause at 67 % of its I/O time, is info at the rule's 65 %).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
[ -d "$SHARED/corpus/population/logs" ] ||
	skip_all "../shared is not present: all 30 logs of round 24 are population jobs there"
# floors: strict precision, recall per root cause, per label, found; the
# found floor is 0 because round_test holds "ours" (no log here: a score
# of nothing, 0 found) to it too; $line is then the score of all 30
round_test 24 30 0 1.0 1.0 0.467 0
ge "$(num "$line" tp)" 7 "all 30: material findings found at warn or high (floor of the first score)"
done_testing
