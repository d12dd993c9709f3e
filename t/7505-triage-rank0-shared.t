#!/bin/sh
# IOL-RANK0-IO through a shared record (issue 34, round 49): in
# r49-graph-root every rank of 8 opens a 304 MiB CSR graph and rank 0
# alone reads it (MPI-IO INDEP_READS 20, all 318767128 B), so Darshan
# keeps one shared record (rank -1) and the per-rank records are 40 B
# lock files; labelled RANK0-IO material (1.42 s, 6.4 %).  main judged
# the per-rank records only ("ok at 2.259e-05 %") and told the pattern as
# a shared-file imbalance with collective I/O as its fix (unlabelled: the
# collective twin was slower).  Now the shared record whose slowest
# rank's bytes are all its bytes and whose fastest rank's are none counts
# as that rank's I/O: RANK0-IO is found, from the log and from a store
# (job-row funnel_rank, funnel_share), and SHARED-IMBALANCE and
# SHARED-TIME-IMBALANCE say they are its pattern, with its advice: info
# by default, RANK0-IO's companions with companions = 1.  The truth is
# awk's over `iolens parse`: the shared record's bytes, by one rank.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data/triage-round49
L=$D/r49-graph-root.darshan
col() { tsv_col "$1" "$2" "$3"; }
# the shared MPI-IO and POSIX records: slowest rank, its bytes, all bytes, the fastest rank's bytes
$RUN parse "$L" 2>/dev/null | awk '($1 == "POSIX" || $1 == "MPI-IO") && $2 == -1 && $4 ~ /graph.csr|RANK|BYTES/ {
	m = $1 == "POSIX" ? "POSIX" : "MPIIO"
	if ($4 == m "_SLOWEST_RANK") sr[m] = $5; if ($4 == m "_SLOWEST_RANK_BYTES") sb[m] = $5
	if ($4 == m "_FASTEST_RANK_BYTES") fb[m] = $5; if ($4 == m "_BYTES_READ" || $4 == m "_BYTES_WRITTEN") b[m] += $5 }
	END { for (m in b) if (b[m] >= 1048576) print m, sr[m], sb[m] == b[m], fb[m] }' | sort >"$TMP/truth"
is "$(tr '\n' ';' <"$TMP/truth")" "MPIIO 0 1 0;POSIX 0 1 0;" \
	"truth: the shared records' bytes are rank 0's alone (MPI-IO and POSIX)"

$RUN triage --all --format tsv "$L" >"$TMP/t.tsv" 2>/dev/null
ok $? "triage r49-graph-root"
is "$(col "$TMP/t.tsv" IOL-RANK0-IO 3)" warn "RANK0-IO is found"
col "$TMP/t.tsv" IOL-RANK0-IO 8 | grep -q '^rank 0 of 8, .*shared records it alone moved'
ok $? "its detail names rank 0 and the shared records"
col "$TMP/t.tsv" IOL-RANK0-IO 5 | awk '{ exit !($1 >= 99.99) }'
ok $? "rank 0 moved all the bytes but the lock files' (99.9999 %)"
is "$(col "$TMP/t.tsv" IOL-SHARED-IMBALANCE 3) $(col "$TMP/t.tsv" IOL-SHARED-TIME-IMBALANCE 3)" \
	"info info" "the shared-file imbalance rules are info beside it"
for c in IOL-SHARED-IMBALANCE IOL-SHARED-TIME-IMBALANCE; do
	col "$TMP/t.tsv" $c 8 | grep -q '^same cause as IOL-RANK0-IO: .*told by IOL-RANK0-IO; not two problems)$'
	ok $? "$c says it is RANK0-IO's pattern"
	col "$TMP/t.tsv" $c 9 | grep -q 'rank-0-only I/O (IOL-RANK0-IO), not an imbalance collective I/O evens out'
	ok $? "$c's advice is the pattern's"
	col "$TMP/t.tsv" $c 9 | grep -q 'use collective I/O\|collective I/O evens it out'
	ok $((!$?)) "$c does not advise collective I/O"
done

printf 'companions = 1\n' >"$TMP/on.conf"
$RUN triage --all --config "$TMP/on.conf" --format tsv "$L" >"$TMP/c.tsv" 2>/dev/null
is "$(col "$TMP/c.tsv" IOL-SHARED-IMBALANCE 3) $(col "$TMP/c.tsv" IOL-SHARED-TIME-IMBALANCE 3)" \
	"warn warn" "companions = 1: RANK0-IO's severity"
col "$TMP/c.tsv" IOL-SHARED-TIME-IMBALANCE 8 | grep -q '^same cause as IOL-RANK0-IO: .*; its own stake '
ok $? "companions = 1: a companion's detail"

# the reruns: the same verdict
for r in "$D"/reruns/r49-labels49-ab*-graph-root.darshan; do
	$RUN triage --format tsv "$r" 2>/dev/null |
		awk -F'\t' '$3 == "warn" || $3 == "high" { printf "%s ", $2 }' >"$TMP/v"
	is "$(cat "$TMP/v")" "IOL-RANK0-IO " "$(basename "$r"): RANK0-IO alone"
done

# from a store: the job row carries the funnel
DB=$TMP/s.db
$RUN ingest --db "$DB" "$L" >/dev/null 2>&1
ok $? "ingest r49-graph-root"
printf 'min_group_stake_s = 0\n' >"$TMP/g.conf"
$RUN triage --db "$DB" --top all --config "$TMP/g.conf" --format tsv >"$TMP/db.tsv" 2>/dev/null
ok $? "triage --db"
awk -F'\t' 'NR > 1 { print $12 }' "$TMP/db.tsv" | grep -qw IOL-RANK0-IO
ok $? "the store's row gives RANK0-IO too"
awk -F'\t' 'NR > 1 { print $12 }' "$TMP/db.tsv" | grep -q 'SHARED-\(TIME-\)\?IMBALANCE'
ok $((!$?)) "and no shared-file imbalance finding"
done_testing
