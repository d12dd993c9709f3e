#!/bin/sh
# IOL-REDUNDANT's re-reads where DXT shows each rank's first pass (issue
# 34, round 91).  The counters' estimate frees a whole file's bytes a
# rank (each may read a shared input once), and DXT's re-read seconds
# were scaled down to that estimate, to keep reading back one's own
# writes once (mpi-io-test) from counting as a re-read.  Ranks that each
# read their own part of a shared file pass after pass re-read what they
# had read themselves: r91-c2ddirect (4 ranks, 8 passes over their 16
# MiB of a 64 MiB stack through O_DIRECT, labelled material, ~6 s) said
# 268431360 B and 3.82 s, where DXT shows 469762048 B (7/8 of the 512
# MiB read) and each rank's re-reads.  Bytes a rank had read before are
# re-reads whatever the counters say; bytes it had only written, read
# back, stay the counters' to judge.  The truth is awk's over `iolens
# parse --dxt` (as t/7502's); crafted logs are converted from strace
# text; no timing of this machine is measured.
. "$(dirname "$0")/lib.sh"
dxt_rr() { # log: the most seconds a rank spent re-reading bytes it read
	$RUN parse --dxt "$1" 2>/dev/null | awk '
		/^# DXT, file_id:/ { f = $4 }
		$1 == "X_POSIX" && $3 == "read" {
			k = f " " $2 " " $5 " " $6
			if (k in seen) t[$2] += $8 - $7
			seen[k] = 1 }
		END { m = 0; for (r in t) if (t[r] > m) m = t[r]; printf "%.3f\n", m }'
}
col() { tsv_col "$TMP/t.tsv" "$1" "$2"; }
said() { # the re-reads' bytes and seconds the detail prints
	col IOL-REDUNDANT 8 |
		sed -n 's/.*about \([0-9]*\) B of data re-read (\([0-9.]*\) s, DXT.s.*/\1 \2/p'
}
near() { # a b tol: 0 when |a - b| <= tol
	awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN { d = a - b; exit !(a != "" && b != "" && d <= t && -d <= t) }' &&
		echo 0 || echo 1
}

f=$TOP/t/data/triage-round91/r91-c2ddirect.darshan
want=$(dxt_rr "$f")
$RUN triage --all --format tsv "$f" >"$TMP/t.tsv" 2>/dev/null
is $? 0 "r91-c2ddirect: triage"
set -- $(said)
is "$1" 469762048 "r91-c2ddirect: DXT's re-read bytes, 7/8 of 536870912 (main: 268431360)"
ok "$(near "$2" "$want" 0.002)" "r91-c2ddirect: the re-reads' seconds are DXT's ($2 s, awk $want s; main: 3.819 s)"
is "$(col IOL-REDUNDANT 3)" warn "r91-c2ddirect: REDUNDANT warns"
s=$(col IOL-REDUNDANT 10)
ok "$(awk -v s="$s" -v w="$want" 'BEGIN { exit !(s >= 5 && s <= w + 0.002) }' && echo 0 || echo 1)" \
	"r91-c2ddirect: stake $s s, the slowest rank's re-reads (labelled ~6 s; main: 3.82 s)"

# rank_trace OUT RANK WRITE PASSES: rank RANK's 64 pwrites (WRITE 1) of
# its 4 MiB of /data/stack.bin, then PASSES of 64 preads of them, in one
# open, 64 KiB a call, 2 ms a read, 1 ms a write, 3 ms apart
rank_trace() {
	awk -v r="$2" -v w="$3" -v np="$4" '
	function ts(t) { return sprintf("12:00:%02d.%06d", int(t), (t - int(t)) * 1e6 + 0.5) }
	function call(name, i, s) {
		printf "%d %s %s(3, \"x\"..., 65536, %d) = 65536 <%.6f>\n", 7000 + r, ts(t), name, (r * 64 + i) * 65536, s
		t += 0.003
	}
	BEGIN {
		t = 0
		printf "%d %s openat(AT_FDCWD, \"/data/stack.bin\", O_RDWR|O_CREAT, 0644) = 3 <0.000100>\n", 7000 + r, ts(t)
		t += 0.003
		for (i = 0; w && i < 64; i++)
			call("pwrite64", i, 0.001)
		for (p = 0; p < np; p++)
			for (i = 0; i < 64; i++)
				call("pread64", i, 0.002)
		printf "%d %s close(3) = 0 <0.000010>\n", 7000 + r, ts(t)
	}' >"$1"
}
# two ranks each read their own half of a file 4 times: 24 MiB re-read
# by DXT, 20 MiB by the counters (rank 1's free pass is all 8 MiB)
rank_trace "$TMP/r0.txt" 0 0 4
rank_trace "$TMP/r1.txt" 1 0 4
$RUN convert -o "$TMP/own.darshan" "$TMP/r0.txt" "$TMP/r1.txt" 2>"$TMP/err"
is $? 0 "own halves: convert"
$RUN triage --all --format tsv "$TMP/own.darshan" >"$TMP/t.tsv" 2>/dev/null
set -- $(said)
is "$1" 25165824 "own halves: 3 of 4 passes a rank re-read, DXT's bytes (main: 20971520)"
ok "$(near "$2" "$(dxt_rr "$TMP/own.darshan")" 0.002)" \
	"own halves: the re-reads' seconds are DXT's, $2 s (main: 0.320 s)"

# mpi-io-test's pattern: each rank writes its half, then reads it back
# once: no re-read to the counters, none staked (the guard holds)
rank_trace "$TMP/w0.txt" 0 1 1
rank_trace "$TMP/w1.txt" 1 1 1
$RUN convert -o "$TMP/back.darshan" "$TMP/w0.txt" "$TMP/w1.txt" 2>"$TMP/err"
is $? 0 "read back once: convert"
$RUN triage --all --format tsv "$TMP/back.darshan" >"$TMP/t.tsv" 2>/dev/null
set -- $(said)
is "$2" 0.000 "read back once: one's own writes read back once are no re-read (0 s)"
is "$(col IOL-REDUNDANT 3)" ok "read back once: REDUNDANT ok"

# written, then read back 3 times: the second and third reads are
# re-reads of bytes the rank read (16 MiB of DXT's 24)
rank_trace "$TMP/x0.txt" 0 1 3
rank_trace "$TMP/x1.txt" 1 1 3
$RUN convert -o "$TMP/wr.darshan" "$TMP/x0.txt" "$TMP/x1.txt" 2>"$TMP/err"
$RUN triage --all --format tsv "$TMP/wr.darshan" >"$TMP/t.tsv" 2>/dev/null
set -- $(said)
ok "$(awk -v b="$1" 'BEGIN { exit !(b >= 16777216) }' && echo 0 || echo 1)" \
	"written and read back 3 times: at least the 16 MiB read again ($1 B)"
done_testing
