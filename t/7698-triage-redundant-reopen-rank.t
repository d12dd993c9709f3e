#!/bin/sh
# IOL-REDUNDANT's rewrites and their reopens are seconds on the slowest
# rank, at most its whole POSIX+STDIO I/O time (issue 34, round 125).
# The reopens the counters give are every rank's over every file, summed;
# r125-scf: 4 ranks each truncating and rewriting its own WAVE files
# every SCF cycle, labelled trivial (the whole WAVE I/O under 0.52 s a
# rank).  main staked 0.752 s (info) in the labelled run and 1.04 s
# (warn) in both reruns, more than any rank's I/O: the verdict flipped on
# a stake no rank paid.  Now info in all three, its rewrites' seconds at
# most the slowest rank's I/O, bounded here by awk over `iolens parse`
# (a rank's own records' F_*_TIME plus every shared record's).  Rewrites
# a rank pays reopens for stay material: r7-config-rewrite,
# r53-ph-rewrite, r119-mc warn.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data
bound() { # log: the slowest rank's POSIX+STDIO seconds, an upper bound
	$RUN parse "$1" 2>/dev/null | awk '
		$1 ~ /^(POSIX|STDIO)$/ && $4 ~ /_F_(READ|WRITE|META)_TIME$/ {
			if ($2 < 0) s += $5; else t[$2] += $5 }
		END { m = 0; for (r in t) if (t[r] > m) m = t[r]
		      printf "%.6f\n", m + s }'
}
row() { # log code: the code's state, detail and stake
	$RUN triage --all --format tsv "$1" 2>/dev/null |
		awk -F'\t' -v k="$2" '$2 == k { print $3 "\t" $8 "\t" $10 }'
}
for r in "$D/triage-round125/r125-scf.darshan" \
	"$D"/triage-round125/reruns/r125-labels125-ab*-scf.darshan; do
	b=$(basename "$r")
	x=$(row "$r" IOL-REDUNDANT)
	is "$(echo "$x" | cut -f1)" info "$b: REDUNDANT info (labelled trivial)"
	rw=$(echo "$x" | cut -f2 | sed -n 's/.* B rewritten (\([0-9.]*\) s.*/\1/p')
	io=$(bound "$r")
	awk -v a="$rw" -v b="$io" 'BEGIN { exit !(a != "" && a <= b + 0.0005) }'
	ok $? "$b: rewrites and reopens ${rw:-?} s within the slowest rank's I/O $io s"
	echo "$x" | cut -f2 | grep -q "reopens capped at the slowest rank's I/O"
	ok $? "$b: the detail says the summed reopens are capped"
done
for f in "$D/triage-round7/r7-config-rewrite.darshan" \
	"$D/triage-round53/r53-ph-rewrite.darshan" \
	"$D/triage-round119/r119-mc.darshan"; do
	is "$(row "$f" IOL-REDUNDANT | cut -f1)" warn \
		"$(basename "$f"): REDUNDANT warns (labelled material)"
done
done_testing
