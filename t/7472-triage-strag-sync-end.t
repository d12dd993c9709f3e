#!/bin/sh
# IOL-STRAGGLER ends a rank where its I/O on the phase's files ended as
# the log shows it, its sync at close included (issue 34).  Round 39's
# wonly-16m (labelled false): 4 ranks write 16 MiB each at once to a
# 32 MiB/s device, whose writes end in turn at 0.82 ... 2.31 s, then
# fsync at close; DXT does not show the fsync, F_WRITE_TIME and
# F_CLOSE_END_TIMESTAMP do: every rank closed within 0.03 s of the
# others.  Its first run and both reruns stay quiet, the lag being what
# awk computes from the timeline's rows and the parser's counters (each
# rank's end: the earlier of its sync's end and its close).  A shared
# record (rank -1: no close of a rank's own) keeps the segments' ends.
# Round 38's strag-fsync, a real straggler (labelled material), is
# still found.  Every log is in t/data: nothing needs ../shared.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data

# strag LOG: "severity<TAB>detail" of the log's IOL-STRAGGLER
strag() {
	$RUN triage --all --format tsv "$1" 2>"$TMP/err" |
		awk -F'\t' '$2 == "IOL-STRAGGLER" { print $3 "\t" $8 }'
}

# lag_sync LOG: the last rank's end less the median rank's, each rank
# ending at min(its row's end_sync, its record's close end) (phase 1)
lag_sync() {
	{
		$RUN parse "$1" | awk -F'\t' '$1 == "POSIX" &&
			$4 == "POSIX_F_CLOSE_END_TIMESTAMP" { print "c", $2, $5 }'
		$RUN timeline --phases --format csv "$1" | awk -F, '$3 == "rank" &&
			$4 == 1 { print "s", $5, $13 }'
	} | awk '$1 == "c" { c[$2] = $3 } $1 == "s" { s[$2] = $3 }
		END { for (r in s) print (c[r] < s[r] ? c[r] : s[r]) }' |
		sort -n | awk '{ e[NR] = $1 }
		END { printf "%.3f\n", e[NR] - e[int((NR - 1) / 2) + 1] }'
}

# lag_dxt LOG: the same from the DXT segments' ends alone
lag_dxt() {
	$RUN timeline --phases --format csv "$1" |
		awk -F, '$3 == "rank" && $4 == 1 { print $8 }' | sort -n |
		awk '{ e[NR] = $1 }
		END { printf "%.3f\n", e[NR] - e[int((NR - 1) / 2) + 1] }'
}

for f in "$D/triage-round39/r39-wonly-16m.darshan" \
	"$D"/triage-round39/reruns/r39-labels39-ab*-wonly-16m.darshan; do
	n=$(basename "$f" .darshan)
	got=$(strag "$f")
	case $(printf '%s' "$got" | cut -f1) in
	warn | high) ok 1 "$n: STRAGGLER quiet (got: $got)" ;;
	*) ok 0 "$n: STRAGGLER quiet" ;;
	esac
	want=$(lag_sync "$f")
	printf '%s' "$got" | grep -q "ended $want s after the median"
	ok $? "$n: the lag is the syncs' and closes' ($want s, awk): $got"
done

# a shared record's syncs (rank -1, no close of a rank's own): the ends
# are the segments', as before, and the detail names no sync
f=$D/triage-round39/reruns/r39-labels39-ab1-fsync-end.darshan
$RUN parse "$f" | awk -F'\t' '$2 == -1 && $4 == "POSIX_FSYNCS" && $5 > 0 { x = 1 }
	END { exit !x }'
ok $? "fsync-end ab1: its file is a shared record with syncs"
got=$(strag "$f")
want=$(lag_dxt "$f")
printf '%s' "$got" | grep -q "ended $want s after the median of its 2 ranks;"
ok $? "fsync-end ab1: the lag is the segments' ($want s): $got"

# a real straggler, labelled material, still found
got=$(strag "$D/triage-round38/r38-strag-fsync.darshan")
is "$(printf '%s' "$got" | cut -f1)" warn "r38-strag-fsync: STRAGGLER warns"
printf '%s' "$got" | grep -q 'rank 3 ended'
ok $? "r38-strag-fsync: rank 3 named: $got"
done_testing
