#!/bin/sh
# IOL-REDUNDANT's structural clause (true re-reads) is decided by which
# part leads in bytes, not in seconds (issue 34, round 45's reruns):
# part-sorted re-reads 671 MB and rewrites 335 MB in each of its three
# runs; judged by the parts' seconds (0.324 s of re-reads against 0.426 s
# of rewrites labelled, 0.447 s against 0.421 s in rerun ab2) its verdict
# flipped between info and warn.  All three runs now warn, as labelled
# (material, the re-reads structural); its twin part-mem, which keeps the
# data in memory and moves nothing again, really changed and stays ok.
# Every log is in t/data.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data/triage-round45
# red LOG: REDUNDANT's severity
red() {
	"$IOLENS" triage --all --format tsv "$1" |
		awk -F'\t' '$2 == "IOL-REDUNDANT" { print $3 }'
}
for f in "$D/r45-part-sorted.darshan" "$D"/reruns/r45-labels45-ab[12]-part-sorted.darshan; do
	is "$(red "$f")" warn "$(basename "$f"): REDUNDANT warns (re-reads lead by bytes)"
done
for f in "$D"/reruns/r45-labels45-ab[12]-part-mem.darshan; do
	is "$(red "$f")" ok "$(basename "$f"): the twin kept in memory moves nothing again"
done
# the detail still reports both parts' seconds
"$IOLENS" triage --all --format tsv "$D/r45-part-sorted.darshan" >"$TMP/t.tsv"
grep -q 'IOL-REDUNDANT.*about 671088640 B of data re-read (0\.[0-9]* s.*335544320 B rewritten' "$TMP/t.tsv"
ok $? "part-sorted: 671088640 B re-read, 335544320 B rewritten, each with its seconds"
done_testing
