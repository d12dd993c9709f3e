#!/bin/sh
# IOL-STRAGGLER's stake: a rank late because it has more bytes than the
# mean rank against one late with equal work (issue 34, t/7510).
# Crafted jobs, converted from strace text: 4 ranks each write a file
# of their own in 1 MiB requests.
#   more: rank 0 writes 400 MiB, the others 100 MiB, every request
#     10 ms: rank 0 ends 3 s after the median rank, but with the 175 MiB
#     mean a rank, each at its pace, the phase would end at 1.75 s:
#     balance saves 2.25 s, the stake.
#   slow: every rank writes 100 MiB, rank 0's requests take 40 ms (a
#     slow node): the others cannot take its work, the stake stays its
#     3 s lag behind the median rank.
. "$(dirname "$0")/lib.sh"

# job DIR KIND: rank0.txt .. rank3.txt in DIR
job() {
	for r in 0 1 2 3; do
		awk -v r="$r" -v kind="$2" '
		function ts(t) { return sprintf("12:00:%02d.%06d", int(t), (t - int(t)) * 1e6 + 0.5) }
		BEGIN {
			pid = 7000 + r
			n = 100; b = 1048576; d = 0.01; t0 = 0.001
			if (kind == "more" && r == 0) n = 400
			if (kind == "slow" && r == 0) d = 0.04
			printf "%d %s openat(AT_FDCWD, \"/data/f%d\", O_WRONLY|O_CREAT, 0644) = 3 <0.000010>\n", pid, ts(t0 - 0.0005), r
			for (i = 0; i < n; i++)
				printf "%d %s pwrite64(3, \"x\"..., %d, %d) = %d <%.6f>\n", pid, ts(t0 + d * i), b, i * b, b, d
			printf "%d %s close(3) = 0 <0.000010>\n", pid, ts(t0 + d * n + 0.0005)
		}' >"$1/rank$r.txt"
	done
}

for kind in more slow; do
	mkdir -p "$TMP/$kind"
	job "$TMP/$kind" "$kind"
	$RUN convert -o "$TMP/$kind.darshan" "$TMP/$kind"/rank*.txt 2>"$TMP/err"
	is $? 0 "$kind: convert the 4 ranks' trace"
	$RUN triage --all --format tsv "$TMP/$kind.darshan" >"$TMP/$kind.tsv" 2>"$TMP/err"
	is $? 0 "$kind: triage"
	awk -F'\t' '$2 == "IOL-STRAGGLER" { printf "%s\t%.3f\t%s\n", $3, $10, $8 }' \
		"$TMP/$kind.tsv" >"$TMP/$kind.s"
	diag "$kind: $(cat "$TMP/$kind.s")"
	is "$(cut -f1 "$TMP/$kind.s")" warn "$kind: rank 0 is a straggler"
done

# near: within 0.05 s of $2 (the trace's open and close offsets)
near() {
	awk -v s="$1" -v w="$2" 'BEGIN { exit !(s > w - 0.05 && s < w + 0.05) }'
}
s=$(cut -f2 "$TMP/more.s")
near "$s" 2.25
ok $? "more: stake $s s, what balance saves (2.25 s), not the 3 s lag"
grep -q 'rank 0 ended 3.0[0-9]* s after the median .*more bytes than the mean rank' "$TMP/more.s"
ok $? "more: the detail tells both"
s=$(cut -f2 "$TMP/slow.s")
near "$s" 3
ok $? "slow: stake $s s, the lag behind the median rank (3 s)"
! grep -q 'more bytes' "$TMP/slow.s"
ok $? "slow: equal work, no balance told"
done_testing
