#!/bin/sh
# parse --dxt stops reading the log at the first failed write (a full
# disk, a reader gone with SIGPIPE ignored): before, it inflated and
# formatted the rest of the log for nothing (dxt-8m to /dev/full: the
# whole 8,000,000 lines' CPU) and, when a record further on was damaged,
# said the log was corrupt instead of that the disk was full.  The log:
# t/0991's two ranks, DXT_POSIX version 2, a zlib stream a rank, its
# first record 5.6 MB (so its lines are written before rank 1's stream is
# read, at any number of threads), rank 1's stream damaged near its end.
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || skip_all "python3 is not installed"
[ -w /dev/full ] || skip_all "no /dev/full"

. "$TOP/t/dxt-two-ranks.sh"
two_rank_trace "$TMP"
$IOLENS convert -o "$TMP/v1.darshan" "$TMP/rank0.txt" "$TMP/rank1.txt" 2>/dev/null &&
	python3 "$TOP/t/dxt-v2.py" "$TMP/v1.darshan" "$TMP/v2.darshan"
is $? 0 "two ranks of 154,000 calls, DXT_POSIX version 2"
# 16 bytes 100,000 from the end: in rank 1's stream, the region's last
python3 -c 'import sys
d = bytearray(open(sys.argv[1], "rb").read())
for k in range(16): d[len(d) - 100000 + k] ^= 0x5a
open(sys.argv[2], "wb").write(d)' "$TMP/v2.darshan" "$TMP/bad.darshan"

$IOLENS parse --dxt --threads 1 "$TMP/bad.darshan" >/dev/null 2>"$TMP/err"
is "$?:$(cat "$TMP/err")" "1:iolens parse: cannot read '$TMP/bad.darshan': corrupt compressed data: bad zlib stream: incorrect data check" \
	"the damaged log, written out: corrupt"

for t in 1 2 3 7; do
	$RUN parse --dxt --threads $t "$TMP/bad.darshan" >/dev/full 2>"$TMP/err"
	is "$?:$(cat "$TMP/err")" "1:iolens parse: write error: No space left on device" \
		"--threads $t, a full disk: the write error, not the damage after it"
	(
		trap '' PIPE
		$RUN parse --dxt --threads $t "$TMP/bad.darshan" 2>"$TMP/err" | head -c 1000 >/dev/null
		exit 0
	)
	is "$(cat "$TMP/err")" "iolens parse: write error: Broken pipe" \
		"--threads $t, a reader gone: the write error, not the damage after it"
done
done_testing
