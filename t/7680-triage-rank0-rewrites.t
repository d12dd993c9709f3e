#!/bin/sh
# IOL-RANK0-IO, IOL-IDLE-RANKS and IOL-RANK-IMBALANCE are told by
# IOL-REDUNDANT when rank 0's bytes are mostly the same bytes moved again
# and spreading its distinct data would save under min_stake_pct of the
# run (issue 34, round 119).  r119-mc: rank 0 rewrites (O_TRUNC) and
# fsyncs a 1 MiB tally file after each of 120 batches, 120 MiB written
# for a 1 MiB file; main warned RANK0-IO 2.32 s, RANK-IMBALANCE and
# IDLE-RANKS.  Labelled false (its write-once twin, rank 0 still alone,
# costs 0.06 s; FSYNC and REDUNDANT material): info, "told by
# IOL-REDUNDANT", in the first run and both reruns, REDUNDANT and FSYNC
# still warn.  Funnels of distinct data keep RANK0-IO (r4-rank0-io,
# r15-rank0-gather, r50-rank0-tail, labelled material).  Truths by awk
# over `iolens parse`.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data
truth() { # log: POSIX+STDIO bytes written, their extents, writing ranks
	$RUN parse "$1" 2>/dev/null | awk '
		$4 ~ /^(POSIX|STDIO)_BYTES_WRITTEN$/ {
			w += $5; if ($5 > 0) r[$2] = 1 }
		$4 ~ /^(POSIX|STDIO)_MAX_BYTE_WRITTEN$/ && $5 >= 0 {
			x[$1 " " $3] = $5 + 1 }
		END { n = 0; for (k in r) n++; for (k in x) e += x[k]
		      printf "%d %d %d\n", w, e, n }'
}
row() { # log code: the code's state and detail
	$RUN triage --all --format tsv "$1" 2>/dev/null |
		awk -F'\t' -v k="$2" '$2 == k { print $3 "\t" $8 }'
}
state() { row "$1" "$2" | cut -f1; }

is "$(truth "$D/triage-round119/r119-mc.darshan")" "125829120 1048576 1" \
	"mc: awk: 120 MiB written by one rank into a 1 MiB extent"
for r in "$D/triage-round119/r119-mc.darshan" \
	"$D"/triage-round119/reruns/r119-labels119-ab*-mc.darshan; do
	b=$(basename "$r")
	for k in IOL-REDUNDANT IOL-FSYNC; do
		is "$(state "$r" $k)" warn "$b: $k warns (labelled material)"
	done
	for k in IOL-RANK0-IO IOL-IDLE-RANKS IOL-RANK-IMBALANCE; do
		is "$(state "$r" $k)" info "$b: $k info (main: warn)"
		row "$r" $k | grep -q "told by IOL-REDUNDANT"
		ok $? "$b: $k's detail says it is told by IOL-REDUNDANT"
	done
done
for f in "$D/triage-round4/r4-rank0-io.darshan" \
	"$D/triage-round15/r15-rank0-gather.darshan" \
	"$D/triage-round50/r50-rank0-tail.darshan"; do
	b=$(basename "$f")
	set -- $(truth "$f")
	is "$3" 1 "$b: awk: one writing rank"
	test "$1" -le $(($2 + $2 / 10))
	ok $? "$b: awk: its bytes written ($1) within its extents ($2)"
	is "$(state "$f" IOL-RANK0-IO)" warn "$b: RANK0-IO warns (labelled material)"
	row "$f" IOL-RANK0-IO | grep -q "told by"
	ok $((! $?)) "$b: RANK0-IO told by no other code"
done
done_testing
