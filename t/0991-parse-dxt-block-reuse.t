#!/bin/sh
# parse --dxt inflates each rank's stream into the block the last large
# record (4 MiB and up) was held in, once that record's lines are written
# (iol_modrd_segs_spare; render/parse-dxt.c).  The reader's buffer is
# swapped with what it still holds: in the DXT version 2 log below, the
# rest of the rank's stream, a second file's record after the large one.
# Every segment is checked against the trace it came from (offset,
# length, count), at 1, 2 and 3 threads, and the threaded texts are the
# one-thread text; the version 1 log iolens convert writes (segments
# copied, not taken) too.
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || skip_all "python3 is not installed"

. "$TOP/t/dxt-two-ranks.sh"
two_rank_trace "$TMP"
$RUN convert -o "$TMP/big.darshan" "$TMP/rank0.txt" "$TMP/rank1.txt" 2>"$TMP/err"
is $? 0 "convert two ranks of 154,000 calls each"

# check TEXT: each file's record has the trace's count, and segment k of
# /data/aR is at k * 4096 for 4096 bytes, of /data/bR at k * 512 for 512
check() {
	awk '
	/^# DXT, file_id: / { f = $NF; sub(/.*\//, "", f); next }
	/^ X_POSIX/ {
		sz = f ~ /^a/ ? 4096 : 512
		n[f]++
		if ($4 != n[f] - 1 || $5 != $4 * sz || $6 != sz || $3 != "write") {
			print "segment " n[f] " of " f ": " $0
			bad = 1
			exit 1
		}
	}
	END {
		if (bad)
			exit 1
		if (n["a0"] != 140000 || n["a1"] != 140000 || n["b0"] != 14000 ||
		    n["b1"] != 14000) {
			print "counts " n["a0"] " " n["a1"] " " n["b0"] " " n["b1"]
			exit 1
		}
	}' "$1"
}

python3 "$TOP/t/dxt-v2.py" "$TMP/big.darshan" "$TMP/v2.darshan"
is $? 0 "the same log with DXT_POSIX version 2, a zlib stream a rank"

for v in big v2; do
	for t in 1 2 3; do
		$RUN parse --dxt --threads $t "$TMP/$v.darshan" >"$TMP/out$t" 2>"$TMP/err"
		is $? 0 "$v: parse --dxt --threads $t exits 0"
		check "$TMP/out$t" >"$TMP/why"
		ok $? "$v, --threads $t: every segment of the four records is the trace's"
		[ -s "$TMP/why" ] && diag "$(cat "$TMP/why")"
	done
	cmp -s "$TMP/out1" "$TMP/out2" && cmp -s "$TMP/out1" "$TMP/out3"
	ok $? "$v: the texts at 1, 2 and 3 threads are one text"
	IOLENS_THREADS=4 $RUN parse --dxt "$TMP/$v.darshan" | cmp -s - "$TMP/out1"
	ok $? "$v: IOLENS_THREADS=4, the same text"
done
done_testing
