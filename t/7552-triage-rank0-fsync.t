#!/bin/sh
# IOL-RANK0-IO, IOL-IDLE-RANKS and IOL-RANK-IMBALANCE are told by IOL-FSYNC
# when rank 0's time at stake is mostly its own repeated syncs (issue 34,
# round 61).  r61-iorank-fsync: rank 0, a dedicated I/O rank, fdatasyncs
# each of its 600 blocks of 64 KiB on slow storage; FSYNC stakes 5.65 s of
# its 5.81 s of I/O, RANK0-IO 4.36 s.  Labelled: FSYNC material, the three
# others trivial (main warned): info, "told by IOL-FSYNC", in the first run
# and both reruns.  Funnels without repeated syncs keep RANK0-IO (r4-rank0-io,
# r15-rank0-gather, labelled material).  Truths by awk over `iolens parse`.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data
truth() { # log: POSIX writes, fsync+fdatasync, ranks with a POSIX write
	$RUN parse "$1" 2>/dev/null | awk '
		$4 == "POSIX_WRITES" { w += $5; if ($5 > 0) r[$2] = 1 }
		$4 == "POSIX_FSYNCS" || $4 == "POSIX_FDSYNCS" { s += $5 }
		END { n = 0; for (k in r) n++; printf "%d %d %d\n", w, s, n }'
}
row() { # log code: the code's state and detail
	$RUN triage --all --format tsv "$1" 2>/dev/null |
		awk -F'\t' -v k="$2" '$2 == k { print $3 "\t" $8 }'
}
state() { row "$1" "$2" | cut -f1; }

is "$(truth "$D/triage-round61/r61-iorank-fsync.darshan")" "600 600 1" \
	"iorank-fsync: awk: 600 writes, a sync each, by one rank"
for r in "$D/triage-round61/r61-iorank-fsync.darshan" \
	"$D"/triage-round61/reruns/r61-labels61-ab*-iorank-fsync.darshan; do
	b=$(basename "$r")
	is "$(state "$r" IOL-FSYNC)" warn "$b: FSYNC warns (labelled material)"
	for k in IOL-RANK0-IO IOL-IDLE-RANKS IOL-RANK-IMBALANCE; do
		is "$(state "$r" $k)" info "$b: $k info (main: warn)"
		row "$r" $k | grep -q "told by IOL-FSYNC"
		ok $? "$b: $k's detail says it is told by IOL-FSYNC"
	done
done
for f in "$D/triage-round4/r4-rank0-io.darshan" "$D/triage-round15/r15-rank0-gather.darshan"; do
	b=$(basename "$f")
	set -- $(truth "$f")
	is "$3" 1 "$b: awk: one writing rank"
	test "$2" -le 1
	ok $? "$b: awk: no repeated syncs ($2)"
	is "$(state "$f" IOL-RANK0-IO)" warn "$b: RANK0-IO warns (labelled material)"
	is "$(state "$f" IOL-IDLE-RANKS)" warn "$b: IDLE-RANKS its part, warn"
done
done_testing
