#!/bin/sh
# IOL-REDUNDANT's stake where DXT timed the re-reads of a job of several
# processes is the slowest re-reading rank's own re-read time (issue 34,
# round 51).  r51-ledger: 3 workers read 16 inputs of 4 MiB for 300
# tasks, each re-reading inputs it read in earlier tasks (0.22-0.31 s a
# worker in DXT), while the manager rewrites its ledger (0.017 s of
# reopens): the sum, 0.322 s, was 5.08 % of the run and warned; the
# worker's own 0.305 s is 4.8 %, below the impact floor, as labelled
# (trivial).  Many processes each reading one input once is its
# distribution, no re-read (r51-farm-shared: 0 B).  Without DXT, or with
# one process, the parts' seconds still add (r45-part-sorted, a single
# rank's re-reads and rewrites).  No timing of this machine is measured.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data/triage-round51
col() { tsv_col "$TMP/t.tsv" "$1" "$2"; }
said() { # the re-reads' seconds the detail prints, DXT's
	col IOL-REDUNDANT 8 | sed -n 's/.*data re-read (\([0-9.]*\) s, DXT.s.*/\1/p'
}
stake() { # the stake the detail prints
	col IOL-REDUNDANT 8 | sed -n 's/.*; \([0-9.]*\) s at stake.*/\1/p'
}
# a b: 0 when the stake (3 significant digits) is the re-reads' seconds
# (3 decimals)
same() {
	awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; e = 0.0015 + 0.005 * b
		exit !(a != "" && b != "" && d < e && -d < e) }' &&
		echo 0 || echo 1
}

f=$D/r51-ledger.darshan
$RUN triage --all --format tsv "$f" >"$TMP/t.tsv" 2>/dev/null
is $? 0 "r51-ledger: triage"
is "$(col IOL-REDUNDANT 3)" info "r51-ledger: REDUNDANT below the impact floor (labelled trivial; main: warn)"
ok "$(same "$(stake)" "$(said)")" "r51-ledger: the stake $(stake) s is the worker's re-reads, $(said) s"
col IOL-REDUNDANT 8 | grep -q 'with the reopens'
ok $? "r51-ledger: the manager's reopens are still told in the detail"
for r in "$D"/twins/r51-ledger-end.darshan "$D"/reruns/r51-labels51-ab*-ledger*.darshan; do
	$RUN triage --all --format tsv "$r" >"$TMP/t.tsv" 2>/dev/null
	ok "$(same "$(stake)" "$(said)")" "$(basename "$r"): stake $(stake) s, the re-reads' $(said) s"
	# a shared input's re-reads are judged by both floors: under 1 s
	is "$(col IOL-REDUNDANT 3)" info "$(basename "$r"): below the impact floor"
done

# a true re-read stays found, at its own rank's seconds
for r in "$D"/r51-reread.darshan "$D"/reruns/r51-labels51-ab*-reread.darshan; do
	$RUN triage --all --format tsv "$r" >"$TMP/t.tsv" 2>/dev/null
	is "$(col IOL-REDUNDANT 3)" warn "$(basename "$r"): every task re-reads its input: warn"
	ok "$(same "$(stake)" "$(said)")" "$(basename "$r"): stake $(stake) s, the re-reads' $(said) s"
done

# one pass a worker over a shared input: its distribution, no re-read
$RUN triage --all --format tsv "$D/r51-farm-shared.darshan" >"$TMP/t.tsv" 2>/dev/null
is "$(col IOL-REDUNDANT 3)" ok "r51-farm-shared: each worker reads the input once: ok"

# no DXT: the parts add (0.324 s of re-reads and 0.426 s of rewrites)
$RUN triage --all --format tsv "$TOP/t/data/triage-round45/r45-part-sorted.darshan" >"$TMP/t.tsv" 2>/dev/null
is "$(stake)" 0.75 "r45-part-sorted (no DXT): re-reads and rewrites add, 0.75 s"
is "$(col IOL-REDUNDANT 3)" warn "r45-part-sorted: warn"
done_testing
