#!/bin/sh
# A straggler whose lag is time in small requests stays told by
# IOL-SMALL-REQ (strag_of_small()) when SMALL-REQ is itself a stream
# buffer's refills told by IOL-REDUNDANT (small_of_refills(); issue 34,
# round 66).  small_of_refills() ran first and made SMALL-REQ info, and
# strag_of_small(), which reads SMALL-REQ as a finding, then left the
# straggler a warn: "rank 0 ended 2.101 s after the median", 2.1 s at
# stake, a third finding of one cause.  A crafted job converted from
# strace text: 4 ranks read /data/deck.txt 50 times through an 8 KiB
# buffer (3000 reads of 8191 B, the tail and the EOF read a pass), rank
# 0's reads 20 us each, the others' 6 us.
. "$(dirname "$0")/lib.sh"

for r in 0 1 2 3; do
	awk -v r="$r" '
	function ts(t) { return sprintf("12:%02d:%02d.%06d", int(t / 60), int(t) % 60, (t - int(t)) * 1e6 + 0.5) }
	BEGIN {
		pid = 7100 + r; b = 8191; t = 0.001
		d = r == 0 ? 0.000020 : 0.000006
		for (p = 0; p < 50; p++) {
			printf "%d %s openat(AT_FDCWD, \"/data/deck.txt\", O_RDONLY) = 3 <0.000010>\n", pid, ts(t)
			t += 0.00002
			for (i = 0; i < 3000; i++) {
				printf "%d %s read(3, \"x\"..., %d) = %d <%.6f>\n", pid, ts(t), b, b, d
				t += d + 0.000001
			}
			printf "%d %s read(3, \"x\"..., %d) = 100 <%.6f>\n", pid, ts(t), b, d
			t += d + 0.000001
			printf "%d %s read(3, \"\", %d) = 0 <0.000002>\n", pid, ts(t), b
			t += 0.00001
			printf "%d %s close(3) = 0 <0.000010>\n", pid, ts(t)
			t += 0.00002
		}
	}' >"$TMP/rank$r.txt"
done
$RUN convert -o "$TMP/j.darshan" "$TMP"/rank*.txt 2>"$TMP/err"
is $? 0 "convert the 4 ranks' trace"
$RUN triage --all --format tsv "$TMP/j.darshan" >"$TMP/out" 2>"$TMP/err"
is $? 0 "triage runs"
sev() { awk -F'\t' -v c="$1" '$2 == c { print $3 }' "$TMP/out"; }
is "$(sev IOL-REDUNDANT)" warn "REDUNDANT: the re-reads"
is "$(sev IOL-SMALL-REQ)" info "SMALL-REQ: the buffer's refills, told by REDUNDANT"
grep -q "IOL-SMALL-REQ	info	[^	]*	[^	]*	[^	]*	[^	]*	same cause as IOL-REDUNDANT" "$TMP/out"
ok $? "SMALL-REQ's detail: same cause as IOL-REDUNDANT"
is "$(sev IOL-STRAGGLER)" info "STRAGGLER: the lag is time in small requests"
grep -q "IOL-STRAGGLER	.*told by IOL-SMALL-REQ (not a slow rank)" "$TMP/out"
ok $? "STRAGGLER's detail: told by IOL-SMALL-REQ"
done_testing
