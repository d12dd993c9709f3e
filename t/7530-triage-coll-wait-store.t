#!/bin/sh
# A store reads a collective file's wait as its log does (issue 34,
# round 50): the spread a rank's wait in collective opens and closes
# makes (r50-tail-compute's rerun ab1, which warned
# IOL-SHARED-TIME-IMBALANCE at 1.03 s) is no rank's in `triage --db`
# either; a spread a rank owns (r47-ftn-reread's re-reads, 2.95 s) is
# still flagged there.  The store keeps the facts made at ingest.
. "$(dirname "$0")/lib.sh"

D=$TOP/t/data
mkdir "$TMP/logs"
cp "$D/triage-round50/reruns/r50-labels50-ab1-tail-compute.darshan" \
	"$D/triage-round47/r47-ftn-reread.darshan" "$TMP/logs/"
$RUN ingest --db "$TMP/s.db" "$TMP/logs" >/dev/null 2>&1
ok $? "ingest tail-compute ab1 and ftn-reread"
$RUN triage --db "$TMP/s.db" --top all --format tsv >"$TMP/db.tsv" 2>"$TMP/err"
ok $? "triage --db"
# codes of the row whose path ends in NAME.darshan
codes() {
	awk -F'\t' -v n="/$1.darshan" 'substr($7, length($7) - length(n) + 1) == n { print $12 }' "$TMP/db.tsv"
}
c=$(codes r50-labels50-ab1-tail-compute)
diag "tail-compute ab1: ${c:-(not flagged)}"
case " $c " in
*" IOL-SHARED-TIME-IMBALANCE "*) ok 1 "tail-compute ab1: no SHARED-TIME-IMBALANCE" ;;
*) ok 0 "tail-compute ab1: no SHARED-TIME-IMBALANCE" ;;
esac
c=$(codes r47-ftn-reread)
diag "ftn-reread: $c"
case " $c " in
*" IOL-SHARED-TIME-IMBALANCE "*) ok 0 "ftn-reread: SHARED-TIME-IMBALANCE flagged" ;;
*) ok 1 "ftn-reread: SHARED-TIME-IMBALANCE flagged" ;;
esac
done_testing
