#!/bin/sh
# What t/7505's rule leaves alone (issue 34, round 49): a shared record
# counts as one rank's I/O only when that rank moved all its bytes and
# no other rank asked for any.  A true shared-file imbalance stays a
# finding with its own advice: r13-read-skew5 (rank 3 read 320 MiB of
# a 1 GiB input, the fastest 64 MiB; SHARED-IMBALANCE labelled
# material) and r14-prealloc (Open MPI's preallocate: rank 0 wrote
# 320 MiB, the others 64 MiB; both imbalance codes labelled material as
# REDUNDANT's).  A file MPI-IO drove through one aggregator has a POSIX
# record one rank moved, but its MPI-IO record shows every rank's
# requests: aggregation, not one rank's I/O (r49-ckpt-n1, the collective
# twin r49-graph-coll): RANK0-IO stays quiet.  Any rank, not only 0
# (t/unit/rank0-sole-shared: 4 ranks, 1 GiB written in 8 s through one
# shared record by rank 3, found as rank 3's; the same file with the
# fastest rank writing a quarter is a shared-file imbalance).  The truth
# is awk's over `iolens parse`.
. "$(dirname "$0")/lib.sh"
col() { tsv_col "$1" "$2" "$3"; }
sole() { # log: "POSIX MPIIO", 1 when the shared record of 1 MiB is one rank's bytes
	$RUN parse "$1" 2>/dev/null | awk '($1 == "POSIX" || $1 == "MPI-IO") && $2 == -1 {
		m = $1 == "POSIX" ? "POSIX" : "MPIIO"; k = m " " $3
		if ($4 == m "_SLOWEST_RANK_BYTES") sb[k] = $5; if ($4 == m "_FASTEST_RANK_BYTES") fb[k] = $5
		if ($4 == m "_BYTES_READ" || $4 == m "_BYTES_WRITTEN") b[k] += $5 }
		END { for (k in b) if (b[k] >= 1048576) { split(k, a, " "); s[a[1]] = sb[k] == b[k] && fb[k] == 0 }
		      printf "%d %d\n", s["POSIX"], s["MPIIO"] }'
}
for p in 13/r13-read-skew5 14/r14-prealloc; do
	L=$TOP/t/data/triage-round$p.darshan
	n=$(basename "$p")
	is "$(sole "$L" | cut -d' ' -f1)" 0 "$n: truth: its shared record is no one rank's"
	$RUN triage --all --format tsv "$L" >"$TMP/t.tsv" 2>/dev/null
	ok $? "triage $n"
	is "$(col "$TMP/t.tsv" IOL-SHARED-IMBALANCE 3) $(col "$TMP/t.tsv" IOL-RANK0-IO 3)" "warn ok" \
		"$n: SHARED-IMBALANCE found, RANK0-IO quiet"
	col "$TMP/t.tsv" IOL-SHARED-IMBALANCE 9 | grep -q 'Balance the decomposition or use collective I/O'
	ok $? "$n: with its own advice"
	col "$TMP/t.tsv" IOL-SHARED-IMBALANCE 8 | grep -q 'same cause as'
	ok $((!$?)) "$n: told as no other rule's cause"
done
for p in r49-ckpt-n1 twins/r49-graph-coll; do
	L=$TOP/t/data/triage-round49/$p.darshan
	n=$(basename "$p")
	is "$(sole "$L")" "1 0" "$n: truth: POSIX one rank's, MPI-IO every rank's"
	$RUN triage --all --format tsv "$L" >"$TMP/t.tsv" 2>/dev/null
	ok $? "triage $n"
	is "$(col "$TMP/t.tsv" IOL-RANK0-IO 3)" ok "$n: aggregation is no rank-0-only I/O"
	col "$TMP/t.tsv" IOL-RANK0-IO 8 | grep -q 'shared records it alone moved'
	ok $((!$?)) "$n: no shared record counted as one rank's"
done
U=$TOP/t/unit/rank0-sole-shared
"$U" 3 >"$TMP/u.tsv"
ok $? "in memory: rank 3 alone writes the shared file"
ucol() { awk -F'\t' -v c="$1" -v k="$2" '$1 == c { print $k }' "$TMP/u.tsv"; }
is "$(ucol IOL-RANK0-IO 2) $(ucol IOL-SHARED-IMBALANCE 2) $(ucol IOL-SHARED-TIME-IMBALANCE 2)" \
	"warn info info" "rank 3: RANK0-IO found, the imbalance rules its pattern"
ucol IOL-RANK0-IO 4 | grep -q '^rank 3 of 4, '
ok $? "rank 3: named"
"$U" spread >"$TMP/u.tsv"
is "$(ucol IOL-RANK0-IO 2) $(ucol IOL-SHARED-IMBALANCE 2) $(ucol IOL-SHARED-TIME-IMBALANCE 2)" \
	"not evaluated warn warn" "spread: the fastest rank wrote a quarter: a shared-file imbalance"
"$U" nosuch >/dev/null 2>&1
is $? 2 "an unknown mode is refused"
done_testing
