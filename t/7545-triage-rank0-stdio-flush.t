#!/bin/sh
# IOL-RANK0-IO is told by IOL-STDIO-SHARE when rank 0's time is its small
# STDIO requests' wait for the device (issue 34, round 60).
# r60-diag-flush: rank 0 alone writes an 89 B diagnostics line a step and
# fflush'es it on sync storage (STDIO FLUSHES = WRITES = 2500), 5.7 ms a
# request; spread over the ranks, the same requests wait on the same
# storage, and the no-flush twin keeps rank 0 the only writer at 0.1 s.
# Labelled trivial (RANK0-IO, IDLE-RANKS; main warned at 2.68 s) with
# STDIO-SHARE material: RANK0-IO and IDLE-RANKS are info, "told by
# IOL-STDIO-SHARE", in the first run and both reruns.  Rank 0's small
# calls whose cost is the library's (not a request each) keep RANK0-IO:
# r50-rank0-tail's 262144 fwrites of 32 B and r43-csv-rank0's rows
# (labelled material).  Truths by awk over `iolens parse`.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data
truth() { # log: STDIO writes, flushes, ranks with a STDIO record
	$RUN parse "$1" 2>/dev/null | awk '
		$4 == "STDIO_WRITES" { w += $5; if ($5 > 0) r[$2] = 1 }
		$4 == "STDIO_FLUSHES" { f += $5 }
		END { n = 0; for (k in r) n++; printf "%d %d %d\n", w, f, n }'
}
row() { # log code: the code's state and detail
	$RUN triage --all --format tsv "$1" 2>/dev/null |
		awk -F'\t' -v k="$2" '$2 == k { print $3 "\t" $8 }'
}
state() { row "$1" "$2" | cut -f1; }

is "$(truth "$D/triage-round60/r60-diag-flush.darshan")" "2501 2500 1" \
	"diag-flush: awk: 2500 writes flushed each (and one to stdout), by one rank"
for r in "$D/triage-round60/r60-diag-flush.darshan" \
	"$D"/triage-round60/reruns/r60-labels60-ab*-diag-flush.darshan; do
	b=$(basename "$r")
	is "$(state "$r" IOL-STDIO-SHARE)" warn "$b: STDIO-SHARE warns (labelled material)"
	for k in IOL-RANK0-IO IOL-IDLE-RANKS; do
		is "$(state "$r" $k)" info "$b: $k info (main: warn)"
		row "$r" $k | grep -q "told by IOL-STDIO-SHARE"
		ok $? "$b: $k's detail says it is told by IOL-STDIO-SHARE"
	done
done
set -- $(truth "$D/triage-round50/r50-rank0-tail.darshan")
test "$2" -lt "$1"
ok $? "r50-rank0-tail: awk: fewer flushes ($2) than writes ($1)"
for f in "$D/triage-round50/r50-rank0-tail.darshan" "$D/triage-round43/r43-csv-rank0.darshan"; do
	b=$(basename "$f")
	is "$(state "$f" IOL-RANK0-IO)" warn "$b: RANK0-IO warns (labelled material)"
	is "$(state "$f" IOL-IDLE-RANKS)" warn "$b: IDLE-RANKS its part, warn"
done
done_testing
