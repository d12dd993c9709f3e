#!/bin/sh
# IOL-SHARED-TIME-IMBALANCE on a collective file whose spread is a wait
# (issue 34, round 50; lib/analysis/trifacts.c spread_coll_wait()):
# r50-tail-compute's 4 ranks open, write 4 MiB each in collective calls
# and close one shared file; rank 3 computes longer, and the others wait
# for it in the collective open and close (MPIIO_F_META_TIME 9.7-20.7 s
# summed, the writes 0.15-0.29 s).  The slowest rank "took" 3.4, 7.0 and
# 5.6 s in its three runs, the late rank 0.09-0.20 s: rerun ab1 warned
# (1.03 s at stake), the others were info (labelled false: the fast
# ranks' wait).  The slowest rank lost more to the mean rank than all
# ranks' reads and writes took together, so the spread is no rank's:
# every run is quiet.  Spreads a rank owns stay: r47-ftn-reread (rank 0
# re-reads, equal bytes, POSIX) and mpi-io-test (independent writes,
# ../shared's corpus) still warn.  A store reads it as the log does:
# `triage --db` flags ftn-reread's spread, not tail-compute ab1's.
. "$(dirname "$0")/lib.sh"

D=$TOP/t/data
# shtimb LOG: the rule's severity and detail
shtimb() {
	$RUN triage --all --format tsv "$1" 2>/dev/null |
		awk -F'\t' '$2 == "IOL-SHARED-TIME-IMBALANCE" { print $3 "\t" $8 }'
}

for f in "$D"/triage-round50/r50-tail-compute.darshan \
	"$D"/triage-round50/reruns/r50-labels50-ab1-tail-compute.darshan \
	"$D"/triage-round50/reruns/r50-labels50-ab2-tail-compute.darshan; do
	b=$(basename "$f" .darshan)
	s=$(shtimb "$f")
	diag "$b: $s"
	is "$(echo "$s" | cut -f1)" "not evaluated" "$b: the wait is no rank's spread"
	echo "$s" | grep -q "a lag beyond a collective file's reads and writes: a wait"
	ok $? "$b: the detail names the wait"
done

s=$(shtimb "$D/triage-round47/r47-ftn-reread.darshan")
is "$(echo "$s" | cut -f1)" warn "r47-ftn-reread: a rank's own re-reads still warn"

M=$SHARED/corpus/darshan-logs/treddy_mpi-io-test_id4373053_6-2-60198-9815401321915095332_1/treddy_mpi-io-test_id4373053_6-2-60198-9815401321915095332_1.darshan
if [ -f "$M" ]; then
	s=$(shtimb "$M")
	is "$(echo "$s" | cut -f1)" warn "mpi-io-test (independent writes): still warns"
else
	skip "../shared is absent: no mpi-io-test log" 1
fi

# a store keeps the facts made at ingest
mkdir "$TMP/logs"
cp "$D/triage-round50/reruns/r50-labels50-ab1-tail-compute.darshan" \
	"$D/triage-round47/r47-ftn-reread.darshan" "$TMP/logs/"
$RUN ingest --db "$TMP/s.db" "$TMP/logs" >/dev/null 2>&1
ok $? "ingest tail-compute ab1 and ftn-reread"
$RUN triage --db "$TMP/s.db" --top all --format tsv >"$TMP/db.tsv" 2>"$TMP/err"
ok $? "triage --db"
# codes NAME: the codes of the row whose path ends in /NAME.darshan
codes() {
	awk -F'\t' -v n="/$1.darshan" 'substr($7, length($7) - length(n) + 1) == n { print " " $12 " " }' "$TMP/db.tsv"
}
case $(codes r50-labels50-ab1-tail-compute) in
*" IOL-SHARED-TIME-IMBALANCE "*) ok 1 "store: tail-compute ab1 not flagged for it" ;;
*) ok 0 "store: tail-compute ab1 not flagged for it" ;;
esac
case $(codes r47-ftn-reread) in
*" IOL-SHARED-TIME-IMBALANCE "*) ok 0 "store: ftn-reread flagged for it" ;;
*) ok 1 "store: ftn-reread flagged for it" ;;
esac
done_testing
