#!/bin/sh
# IOL-STRAGGLER: a rank slow of its own against ranks served in turn
# (issue 34, t/7491).  Crafted jobs, converted from strace text: 2 ranks
# each write 1 MiB to a file of their own in back-to-back small
# requests, so that IOL-SMALL-REQ warns; in each, the straggler's stake
# is under SMALL-REQ's, so only the work and the start tell them apart.
#   even: 512 writes of 2 KiB each, rank 1's take 12 ms and rank 0's
#     4 ms (one device serving rank 1 later): equal work, the lag is the
#     small requests' time, STRAGGLER info naming IOL-SMALL-REQ.
#   smaller: rank 1 writes its 1 MiB in 2048 writes of 512 B, 2.5 ms
#     each: more and smaller requests of its own, a straggler (warn).
#   late: 512 writes of 2 KiB each, rank 0's 8 ms, rank 1's 4 ms but
#     starting 0.3 s after rank 0 ended: late of its own, but by what it
#     did before its writes, not by them (half rank 0's write time): no
#     I/O straggler since round 68 (t/7566; labelled so in r6-slow-compute,
#     r50-tail-compute): info, its I/O time beside the median rank's.
#   synced: as even, rank 1's writes 8 ms, and rank 1 fsyncs its file
#     for 1 s before its close: a sync of its own (warn).
. "$(dirname "$0")/lib.sh"

# job DIR KIND: rank0.txt rank1.txt in DIR
job() {
	for r in 0 1; do
		awk -v r="$r" -v kind="$2" '
		function ts(t) { return sprintf("12:00:%02d.%06d", int(t), (t - int(t)) * 1e6 + 0.5) }
		BEGIN {
			pid = 6000 + r
			n = 512; b = 2048; d = 0.004; t0 = 0.001
			if (kind == "even" && r == 1) d = 0.012
			if (kind == "smaller" && r == 1) { n = 2048; b = 512; d = 0.0025 }
			if (kind == "late" && r == 0) d = 0.008
			if (kind == "late" && r == 1) t0 = 0.001 + 512 * 0.008 + 0.3
			if (kind == "synced" && r == 1) { d = 0.008; f = 1.0 }
			printf "%d %s openat(AT_FDCWD, \"/data/f%d\", O_WRONLY|O_CREAT, 0644) = 3 <0.000010>\n", pid, ts(t0 - 0.0005), r
			for (i = 0; i < n; i++)
				printf "%d %s pwrite64(3, \"x\"..., %d, %d) = %d <%.6f>\n", pid, ts(t0 + d * i), b, i * b, b, d
			if (f > 0)
				printf "%d %s fsync(3) = 0 <%.6f>\n", pid, ts(t0 + d * n + 0.0001), f
			printf "%d %s close(3) = 0 <0.000010>\n", pid, ts(t0 + d * n + f + 0.0005)
		}' >"$1/rank$r.txt"
	done
}

for kind in even smaller late synced; do
	mkdir -p "$TMP/$kind"
	job "$TMP/$kind" "$kind"
	$RUN convert -o "$TMP/$kind.darshan" "$TMP/$kind"/rank*.txt 2>"$TMP/err"
	is $? 0 "$kind: convert the 2 ranks' trace"
	$RUN triage --all --format tsv "$TMP/$kind.darshan" >"$TMP/$kind.tsv" 2>"$TMP/err"
	is $? 0 "$kind: triage"
	is "$(awk -F'\t' '$2 == "IOL-SMALL-REQ" { print $3 }' "$TMP/$kind.tsv")" warn \
		"$kind: IOL-SMALL-REQ warns"
	awk -F'\t' '$2 == "IOL-STRAGGLER" { print $3 "\t" $8 }' \
		"$TMP/$kind.tsv" >"$TMP/$kind.s"
	diag "$kind: $(cat "$TMP/$kind.s")"
done

is "$(cut -f1 "$TMP/even.s")" info "even: STRAGGLER info"
grep -q 'rank 1 ended .*same 2048 B requests: ranks served in turn .*told by IOL-SMALL-REQ' \
	"$TMP/even.s"
ok $? "even: rank 1's lag told as IOL-SMALL-REQ's"
is "$(cut -f1 "$TMP/smaller.s")" warn "smaller: rank 1 is a straggler"
is "$(cut -f1 "$TMP/late.s")" info "late: rank 1 late before its I/O, info"
grep -q "its I/O there .*, the median rank's" "$TMP/late.s"
ok $? "late: its I/O time is told beside the median rank's"
is "$(cut -f1 "$TMP/synced.s")" warn "synced: rank 1 is a straggler"
! grep -q 'served in turn' "$TMP/smaller.s" "$TMP/late.s" "$TMP/synced.s"
ok $? "smaller, late, synced: not told as ranks served in turn"
done_testing
