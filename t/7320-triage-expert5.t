#!/bin/sh
# iolens triage against a fifth, held-out round of independent labels:
# t/data/triage-expert5.tsv (issue 34), 20 logs we made ourselves by
# running real programs under Darshan 3.5.0 (t/data/triage-round5/:
# file-per-process checkpoint and restart, strided N-1 through MPI file
# views, read after write, O_APPEND shared logging, rank imbalance and its
# balanced twin, metadata-heavy HDF5, sqlite3 many and one transaction,
# python big buffers and pickle, cc1, git add, cp -r, an 11-minute quiet
# run, a short I/O-bound run, a record-limit partial log), judged from raw
# counters by a labeller who had not read the rules nor any triage output,
# committed before the first score (d78b824; triage-expert5.md).  The
# logs are in the repository, so the scorer runs with SHARED at the top.
# Prints every disagreement and the scores, and holds the values measured
# when the set was first scored (main at 1993ab1) as floors, so that no
# rule change loses them: strict precision 12/22, recall per root cause
# 8/9, per label 12/19; raised by triage9 (a commit's few syncs are info,
# copies opened with O_CREAT are created, HDF5 metadata counted) to
# 15/18, 9/9, 15/19; by triage11 (IO-TIME a finding only when its causes'
# findings hold 2/3 of the I/O time: strided-coll's exchange holds 62 %;
# balance staked at the pace the job showed: imbalance's causes 52 %)
# to 15/16, 9/9, 15/19.
# Three identical reruns of three configs (t/data/triage-round5/reruns/,
# not labelled): sqlite-many and append-log must get the labelled log's
# warn and high codes; strided-indep's IO-TIME crosses the 1 s floor in
# the labelled run only (1.24 s; 0.60-0.88 s in the reruns), so only its
# cause, SMALL-REQ at warn, is required of all four.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
SHARED=$TOP
L=$TOP/t/data/triage-expert5.tsv
R=$TOP/t/data/triage-round5
n=$(grep -v '^#' "$L" | cut -f1 | sort -u | wc -l)
ok "$([ "$n" -ge 20 ] && echo 0 || echo 1)" "$n labelled logs"
out=$(grep -v '^#' "$L" | cut -f1 | sort -u | grep -cv '^t/data/triage-round5/')
is "$out" 0 "every log is one of ours, in t/data/triage-round5"
triage_score "$L"
# IO-TIME stakes what its causes cost (triage8, full_rate_mibs 0):
# 12/22 -> 12/16, scored after the change, the labels unread by it
# red_sync_writes() (issue 34, rounds 172, 179): r5-sqlite-many's REDUNDANT, labelled
# material as the same root cause as IOL-FSYNC, is told by FSYNC (its
# rewrites' time is the syncs'): "same cause found", floors follow.
ge "$(num "$line" precision)" 0.933 "strict precision"
ge "$(num "$line" 'cause recall')" 1 "recall per root cause"
ge "$(num "$line" recall)" 0.736 "recall per label"
ge "$(num "$line" tp)" 14 "material findings found at warn or high"
# each run of a config: its verdicts (t/triage-score.sh), said
r5_verdicts() {
	verdicts "$R/r5-$1.darshan" "$R/reruns/r5-$1"-*.darshan
	diag "$1: $(wc -l <"$TMP/verdicts") runs, findings: $(sort -u "$TMP/verdicts" | sed 's/^$/none/' | tr '\n' ';')"
}
for c in sqlite-many append-log; do
	r5_verdicts "$c"
	runs=$(wc -l <"$TMP/verdicts")
	kinds=$(sort -u "$TMP/verdicts" | wc -l)
	ok "$([ "$runs" -eq 4 ] && [ "$kinds" -eq 1 ] && echo 0 || echo 1)" "$c: 4 identical runs get one verdict"
done
r5_verdicts strided-indep
is "$(grep -c 'IOL-SMALL-REQ' "$TMP/verdicts")" 4 "strided-indep: 4 identical runs all get SMALL-REQ"
done_testing
