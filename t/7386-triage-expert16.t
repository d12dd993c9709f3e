#!/bin/sh
# iolens triage against a sixteenth, held-out round of independent labels:
# t/data/triage-expert16.tsv (issue 34), 18 logs we made ourselves by
# running real programs and unmodified tools under Darshan 3.5.0
# (t/data/triage-round16/: per-rank subfiles merged by rank 0 and the same
# bytes written once at their offsets; 16 ranks each reading a whole
# input and rank 0 reading it with MPI_Bcast; a checkpoint written by a
# background thread and in the foreground; fdatasync after every 64 KiB
# write and once; writev of 4 KiB iovecs and 4 KiB write(2); numpy's
# np.save + np.load, np.savetxt and a small np.save; sha256sum, whose
# reads Darshan does not see; rsync -a, receiver and sender; cp -a and
# git clone of a 2000-file tree) and 6 population jobs drawn by seed (six
# IOR checkpoints), judged from raw counters by a labeller who had not
# read the rules nor any triage output, committed before the first score
# (ece453d; triage-expert16.md).
# Our logs are in the repository and are scored even without ../shared;
# the population's are in ../shared: only the whole set's score skips
# when it is absent (then the scorer runs with SHARED at a directory of
# two links, t and corpus).
# Holds the values measured when the set was first scored (main's binary
# at 5c5fad7) as floors, so that no rule change loses them: strict
# precision 11/15, recall per root cause 5/6, per label 11/15.  The six
# population jobs had no finding and no material label then, so the 18
# logs of ours alone score the same.  The A B reruns' verdicts are
# printed, not tested (at 5c5fad7 subagg's RANK-IMBALANCE fires in 2 of
# 3, write4k's IO-TIME in 3 of 6, fdsync-each's IO-TIME in 2 of 3).
# Raised since: precision 11/14 once SMALL-REQ left r16-git-clone's
# whole-file checkout writes out (t/7388).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
L=$TOP/t/data/triage-expert16.tsv
n=$(grep -v '^#' "$L" | cut -f1 | sort -u | wc -l)
is "$n" 24 "24 labelled logs"
out=$(grep -v '^#' "$L" | cut -f1 | sort -u | grep -c '^t/data/triage-round16/')
is "$out" 18 "18 logs are ours, in t/data/triage-round16"
out=$(grep -v '^#' "$L" | cut -f1 | sort -u | grep -c '^corpus/population/logs/')
is "$out" 6 "6 logs are population jobs, in ../shared"
floors() {
	ge "$(num "$line" precision)" 0.785 "$1: strict precision"
	ge "$(num "$line" 'cause recall')" 0.833 "$1: recall per root cause"
	ge "$(num "$line" recall)" 0.733 "$1: recall per label"
	ge "$(num "$line" tp)" 11 "$1: material findings found at warn or high"
}
# our 18 logs: one root holding a link to t, the scorer reads SHARED/log
mkdir "$TMP/ours"
ln -s "$TOP/t" "$TMP/ours/t"
grep -v '^corpus/' "$L" >"$TMP/ours.tsv"
OWN=$SHARED
SHARED=$TMP/ours
triage_score "$TMP/ours.tsv"
is "$(echo "$line" | sed 's/^expert: \([0-9]*\) logs.*/\1/')" 18 "our 18 logs scored"
floors "ours"
# the unlabelled A B reruns' verdicts, printed, not tested
for k in subagg direct fdsync-each fdsync-end bg-thread fg-write writev write4k write1m np-savetxt readall16 readbcast16; do
	verdicts "$TOP"/t/data/triage-round16/reruns/r16-$k-ab*.darshan
	diag "$k reruns: $(sed 's/^$/none/' "$TMP/verdicts" | tr '\n' ';')"
done
SHARED=$OWN
if [ -d "$SHARED/corpus" ]; then
	mkdir "$TMP/root"
	ln -s "$TOP/t" "$TMP/root/t"
	ln -s "$SHARED/corpus" "$TMP/root/corpus"
	SHARED=$TMP/root
	triage_score "$L"
	floors "all 24"
else
	skip "../shared is not present: the 6 population jobs are not scored" 5
fi
done_testing
