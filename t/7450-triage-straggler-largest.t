#!/bin/sh
# IOL-STRAGGLER stakes the phase where the straggler costs the most, not
# the phase of the largest percent (issue 34: the same verdict for the
# same job).  r38-strag-fsync's rank 3 fsyncs every write and ends every
# checkpoint late; one rerun's first, shortest phase had the largest
# percent (0.623 s of 0.662 s) and was staked, under the impact floor,
# while its third phase lagged 2.9 s: STRAGGLER flipped between
# identical reruns.  Here a crafted pair of runs of one job, converted
# from strace text: 4 ranks write their own files in two phases 1.5 s
# apart, rank 3 slower in its writes (the same bytes in half as many
# requests, each taking 90 % of its spacing: slow calls of its own, the
# I/O time a straggler's stake needs since round 68, t/7566, and not
# equal work served in turn, t/7491); its writes of phase 1 are spaced
# to end 0.6 s (run a) or 1.2 s (run b) after the others', 92-96 % of
# the phase, and it ends phase 2 2.76 s after, 59 %.  Both runs must
# warn, staking phase 2's lag, as awk computes it
# from the trace (the last rank's end less the median rank's end).
. "$(dirname "$0")/lib.sh"

# strag_trace DIR LAG1: rank0.txt .. rank3.txt in DIR
strag_trace() {
	for r in 0 1 2 3; do
		awk -v r="$r" -v lag1="$2" '
		function ts(t) { return sprintf("12:00:%02d.%06d", int(t), (t - int(t)) * 1e6 + 0.5) }
		function w(t, d) { printf "%d %s pwrite64(3, \"x\"..., %d, %d) = %d <%.6f>\n", pid, ts(t), sz, off, sz, d; off += sz }
		BEGIN {
			pid = 3000 + r
			printf "%d %s openat(AT_FDCWD, \"/data/f%d\", O_WRONLY|O_CREAT, 0644) = 3 <0.000010>\n", pid, ts(0), r
			sz = r == 3 ? 131072 : 65536; n = r == 3 ? 4 : 8
			d1 = r == 3 ? (0.07 + lag1) / 3 : 0.01
			for (i = 0; i < n; i++) w(0.001 + d1 * i, r == 3 ? 0.9 * d1 : 0.001)
			p2 = 0.072 + lag1 + 1.5
			n = r == 3 ? 20 : 40
			d2 = r == 3 ? 4.5 / 19 : 0.05
			for (i = 0; i < n; i++) w(p2 + d2 * i, r == 3 ? 0.9 * d2 : 0.001)
			printf "%d %s close(3) = 0 <0.000010>\n", pid, ts(p2 + 4.6)
		}' >"$1/rank$r.txt"
	done
}

# lag DIR FROM: in the writes starting at FROM s or later, the last
# rank's end less the median (second of four) rank's end
lag() {
	for r in 0 1 2 3; do
		awk -v from="$2" '/pwrite64/ { split($2, t, ":"); s = t[3] + 0
			d = $NF; gsub(/[<>]/, "", d); if (s >= from) e = s + d }
			END { printf "%.6f\n", e }' "$1/rank$r.txt"
	done | sort -n | awk '{ e[NR] = $1 } END { printf "%.3f\n", e[4] - e[2] }'
}

for run in a:0.6 b:1.2; do
	d=${run%%:*}
	mkdir -p "$TMP/$d"
	strag_trace "$TMP/$d" "${run#*:}"
	$RUN convert -o "$TMP/$d.darshan" "$TMP/$d"/rank*.txt 2>"$TMP/err"
	is $? 0 "run $d: convert the 4 ranks' trace"
	$RUN triage --all --format tsv "$TMP/$d.darshan" >"$TMP/$d.tsv" 2>"$TMP/err"
	is $? 0 "run $d: triage"
	is "$(awk -F'\t' '$2 == "IOL-STRAGGLER" { print $3 }' "$TMP/$d.tsv")" warn \
		"run $d: STRAGGLER warns"
	# phase 2 begins 1.5 s after phase 1's last write
	p2=$(awk -v l="${run#*:}" 'BEGIN { printf "%.3f", 0.072 + l + 1.5 - 0.0005 }')
	want=$(lag "$TMP/$d" "$p2")
	got=$(awk -F'\t' '$2 == "IOL-STRAGGLER" { printf "%.3f", $10 }' "$TMP/$d.tsv")
	is "$got" "$want" "run $d: the stake is phase 2's lag ($want s, awk), not phase 1's"
	awk -F'\t' '$2 == "IOL-STRAGGLER"' "$TMP/$d.tsv" | grep -q 'phase 2 (write'
	ok $? "run $d: the detail names phase 2"
done
va=$(awk -F'\t' '$3 == "warn" || $3 == "high" { print $2 }' "$TMP/a.tsv" | sort | tr '\n' ' ')
vb=$(awk -F'\t' '$3 == "warn" || $3 == "high" { print $2 }' "$TMP/b.tsv" | sort | tr '\n' ' ')
is "$va" "$vb" "the two runs get the same verdict ($va)"
done_testing
