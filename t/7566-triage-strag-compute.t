#!/bin/sh
# IOL-STRAGGLER stakes no more of a rank's lag than its own I/O time in
# the phase beyond the median other rank's (issue 34, round 68).
# r68-rtm-ooc: rank 0's snapshot writes end last, 1.07 s after the median
# rank, but it spent less time writing than the others (F_WRITE_TIME);
# its stencil computation ran late, not its I/O.  Labelled false (main
# warned): now not warn, in the first run and both reruns.  The material
# stragglers, late by syncs of their own or more bytes (r38-strag-fsync,
# r5-imbalance), still warn; r6-slow-io's rank 0 (syncs) keeps a stake.
# Truths by awk over `iolens parse`.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data
truth() { # log: the rank whose writes end last, and whether its write
	# time is at most the median of the other ranks' (yes/no)
	$RUN parse "$1" 2>/dev/null | awk '
		$1 == "POSIX" && $4 == "POSIX_F_WRITE_END_TIMESTAMP" &&
			$5 > e[$2] { e[$2] = $5 }
		$1 == "POSIX" && $4 == "POSIX_F_WRITE_TIME" { t[$2] += $5 }
		END { for (r in e) if (last == "" || e[r] > e[last]) last = r
			n = 0
			for (r in t) if (r != last) v[++n] = t[r]
			for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
				if (v[j] < v[i]) { x = v[i]; v[i] = v[j]; v[j] = x }
			m = v[int((n + 1) / 2)]
			printf "%s %s\n", last, t[last] <= m ? "yes" : "no" }'
}
row() { # log: STRAGGLER's state, detail and stake in s
	$RUN triage --all --format tsv "$1" 2>/dev/null |
		awk -F'\t' '$2 == "IOL-STRAGGLER" { print $3 "\t" $8 "\t" $10 }'
}

f=$D/triage-round68/r68-rtm-ooc.darshan
is "$(truth "$f")" "0 yes" \
	"rtm-ooc: awk: rank 0 ends last, in no more write time than the others"
for r in "$f" "$D"/triage-round68/reruns/r68-labels68-ab*-rtm-ooc.darshan; do
	b=$(basename "$r")
	s=$(row "$r")
	case $(printf '%s' "$s" | cut -f1) in
	warn | high) ok 1 "$b: STRAGGLER not warn (labelled false): $s" ;;
	*) ok 0 "$b: STRAGGLER not warn (labelled false)" ;;
	esac
done
s=$(row "$f")
printf '%s' "$s" | grep -q "its I/O there 0.177 s, the median rank's"
ok $? "rtm-ooc: the detail gives rank 0's own I/O time and the median's"
is "$(printf '%s' "$s" | cut -f3)" 0 "rtm-ooc: nothing at stake"
for f in "$D/triage-round38/r38-strag-fsync.darshan" "$D/triage-round5/r5-imbalance.darshan"; do
	b=$(basename "$f")
	is "$(truth "$f" | cut -d' ' -f2)" no "$b: awk: the last rank wrote longest"
	is "$(row "$f" | cut -f1)" warn "$b: STRAGGLER warns (labelled material)"
done
f=$D/triage-round6/r6-slow-io.darshan
s=$(row "$f")
awk -v s="$(printf '%s' "$s" | cut -f3)" 'BEGIN { exit !(s > 0.2) }'
ok $? "r6-slow-io: its syncs keep a stake over 0.2 s ($(printf '%s' "$s" | cut -f3))"
done_testing
