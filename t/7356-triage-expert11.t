#!/bin/sh
# iolens triage against an eleventh, held-out round of independent labels:
# t/data/triage-expert11.tsv (issue 34), 17 logs we made ourselves by
# running real programs under Darshan 3.5.0 (t/data/triage-round11/:
# 20000 preads of 2 KiB at random offsets of 1 GiB and the same sorted,
# with two identical reruns of the random one; a 512 MiB write and
# read-back; an mmap writer; a 62 s job whose I/O is 3.5 %; fscanf of a
# 44 MB text; 20000 opens and closes of one file without I/O; lseek+write
# going backwards; 2 MiB reads 512 B off alignment and aligned; an
# application mix with collective checkpoints and the same with 4 KiB
# independent ones; 4 ranks reading one input and rank 0 reading it for
# MPI_Bcast; 400 files of 4 MiB, file per rank per step), judged from raw
# counters by a labeller who had not read the rules nor any triage output,
# committed before the first score (6a36c2b; triage-expert11.md).  The
# logs are in the repository, so the scorer runs with SHARED at the top.
# Prints every disagreement and the scores, and holds the values measured
# when the set was first scored (main at 779c602) as floors, so that no
# rule change loses them: strict precision 4/16, recall per root cause
# 3/4, per label 4/8; raised by triage13 (an open storm is structural,
# a read broadcast is judged by its time, one pass a rank is no re-read)
# to 5/14, 4/4, 5/8; by triage14 (sparse reads save nothing of their
# span, readahead serves sorted ones) to 5/6, 4/4, 5/8; by triage15
# (small MPI-IO calls keep their bytes at a large call's pace, t/7372:
# app-bad's IO-TIME, labelled trivial, loses its cause) to 5/5.
# The three labelled identical runs of rand-pread and its unlabelled
# rerun (t/data/triage-round11/reruns/) must get one verdict.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
SHARED=$TOP
L=$TOP/t/data/triage-expert11.tsv
R=$TOP/t/data/triage-round11
n=$(grep -v '^#' "$L" | cut -f1 | sort -u | wc -l)
ok "$([ "$n" -ge 17 ] && echo 0 || echo 1)" "$n labelled logs"
out=$(grep -v '^#' "$L" | cut -f1 | sort -u | grep -cv '^t/data/triage-round11/')
is "$out" 0 "every log is one of ours, in t/data/triage-round11"
triage_score "$L"
ge "$(num "$line" precision)" 1 "strict precision"
ge "$(num "$line" 'cause recall')" 1 "recall per root cause"
ge "$(num "$line" recall)" 0.625 "recall per label"
ge "$(num "$line" tp)" 5 "material findings found at warn or high"
# verdicts: each run's warn and high codes, one line a run
: >"$TMP/verdicts"
for f in "$R/r11-rand-pread.darshan" "$R/r11-rand-pread-2.darshan" "$R/r11-rand-pread-3.darshan" \
	"$R/reruns/r11-rand-pread-4.darshan"; do
	"$IOLENS" triage ${TRIAGE_ARGS:-} --format tsv "$f" 2>/dev/null |
		awk -F'\t' '$3 == "high" || $3 == "warn" { print $2 }' | sort | tr '\n' ' ' >>"$TMP/verdicts"
	echo >>"$TMP/verdicts"
done
diag "rand-pread: $(wc -l <"$TMP/verdicts") runs, findings: $(sort -u "$TMP/verdicts" | sed 's/^$/none/' | tr '\n' ';')"
runs=$(wc -l <"$TMP/verdicts")
kinds=$(sort -u "$TMP/verdicts" | wc -l)
ok "$([ "$runs" -eq 4 ] && [ "$kinds" -eq 1 ] && echo 0 || echo 1)" "rand-pread: 4 identical runs get one verdict"
done_testing
