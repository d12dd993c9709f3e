#!/bin/sh
# IOL-SHARED-SMALL's collective case counts the calls' own time, not
# waiting (issue 34, round 40): a collective call's time includes
# waiting for late ranks, so the fastest rank's MPI-IO time is measured
# against the file system's.  An in-memory job shaped as r40-e3sm
# (t/unit/coll-view) warns; the same calls with one rank late before
# each (fastest rank 0.5 s, slowest still 12.879 s) and the same calls
# without a file view stay quiet.  Round 38's checkpoint where rank 7
# computes 3x longer before each collective write (r38-ckpt-slow1,
# labelled compute imbalance, no I/O finding) and its reruns stay quiet.
. "$(dirname "$0")/lib.sh"
unit() { # severity of IOL-SHARED-SMALL in coll-view's mode $1
	"$TOP/t/unit/coll-view" ${1:-} | awk -F'\t' '$1 == "IOL-SHARED-SMALL" { print $2 }'
}
is "$(unit)" warn "coll-view: as r40-e3sm, a finding"
is "$(unit wait)" ok "coll-view wait: the slowest rank's time is waiting, no finding"
is "$(unit noview)" ok "coll-view noview: no view, the bins are SMALL-REQ's"
D=$TOP/t/data/triage-round38
for f in "$D"/r38-ckpt-slow1.darshan "$D"/reruns/r38-labels38-ab*-ckpt-slow1.darshan; do
	"$IOLENS" triage --format tsv "$f" >"$TMP/t.tsv"
	ok $? "triage $(basename "$f")"
	is "$(awk -F'\t' '$3 == "warn" || $3 == "high" { print $2 }' "$TMP/t.tsv" | grep -c SHARED-SMALL)" 0 \
		"$(basename "$f"): compute imbalance, no IOL-SHARED-SMALL"
done
done_testing
