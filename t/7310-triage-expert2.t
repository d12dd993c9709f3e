#!/bin/sh
# iolens triage against a second, held-out round of independent labels:
# t/data/triage-expert2.tsv (issue 34), 50 logs not in round 1, judged
# from raw counters by a labeller who had not read the rules nor any
# triage output, committed before the first score (triage-expert2.md).
# Prints every disagreement and the scores, and holds the values measured
# when the set was first scored as floors, so that no rule change loses
# them: strict precision 21/24 (the FPs: many-files' SMALL-REQ, whose
# 4 KiB requests are whole 4 KiB files of the storm SMALL-FILES tells, and
# INCOMPLETE on the two darshan-merge logs, whose only partial bit is the
# NULL module's, which darshan-merge always sets), recall per root cause
# 16/16, per label 21/35 (each miss is a second code of a cause found).
# Those three were general defects, fixed after this score (t/7311): 24/24
# since, which is the floor now.  Round 2 is therefore held out no longer
# for those two rules (triage-expert2.md).  Per label 25/35 since
# IDLE-RANKS and META-BOUND take their lead's severity (t/7313).
# Identical reruns of c03, c14 and c25 must get the same findings.
# The logs live in ../shared: without it the test is skipped.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
need_shared
L=$TOP/t/data/triage-expert2.tsv
n=$(grep -v '^#' "$L" | cut -f1 | sort -u | wc -l)
ok "$([ "$n" -ge 50 ] && echo 0 || echo 1)" "$n labelled logs"
r1=$(grep -v '^#' "$TOP/t/data/triage-expert.tsv" | cut -f1 | sort -u)
both=$(grep -v '^#' "$L" | cut -f1 | sort -u | grep -cxF "$r1")
is "$both" 0 "no log of round 1 in round 2"
triage_score "$L"
# storm_creates = 400 (the second reading of 400-file storms, rounds 25-33;
# docs/metrics.md) made this round's storms of >= 5 % false positives
# (floor 0.893 from 1.0); since 2026-12-02 storm_files (1000) decides a
# created storm's structure, this round's reading: back to 1.0.
ge "$(num "$line" precision)" 1.0 "strict precision"
ge "$(num "$line" 'cause recall')" 1.0 "recall per root cause"
ge "$(num "$line" recall)" 0.71 "recall per label"
# the same job, the same verdict: the warn and high codes of each rerun
# (c14 straddled 5 % of the run while 400 files were a storm: 21 of 25
# runs shared its modal verdict; judged by time, all 25 do)
same_verdict "$L" c03 c14 c25
done_testing
