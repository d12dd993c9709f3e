#!/bin/sh
# IOL-REDUNDANT's re-read seconds from DXT (trireread.c, issue 34, round
# 51) on a record of 2,000,000 reads (IOL_TRIAGE_MAX_SEGS) at descending
# offsets (t/unit/reread-many): triage46 kept a rank's spans read in a
# sorted array and inserted each read at its front, moving every span
# before it (2e12 moves, hours of CPU); now each byte range is marked
# read once.  A CPU-seconds limit (ulimit -t, not a clock: the load
# slows the clock, not this count) far above what the marking takes;
# and the figures as before: no re-read in one pass, every read of a
# second pass a re-read of 0.001 s.
. "$(dirname "$0")/lib.sh"
U=$TOP/t/unit/reread-many
[ -x "$U" ] || skip_all "t/unit/reread-many is not built"

# an ASan build runs slower, and valgrind far slower: fewer reads
N=2000000
[ -n "${VALGRIND:-}" ] && N=20000
(ulimit -t 60 && "$U" $N once) >"$TMP/out" 2>"$TMP/err"
is "$?:$(cat "$TMP/err")" "0:" "$N reads at descending offsets: within 60 s of CPU"
is "$(cat "$TMP/out")" "rereads 0.000 s 0 B" "one pass: no re-read"
"$U" 1000 again >"$TMP/out2" 2>&1
is "$(cat "$TMP/out2")" "rereads 1.000 s 1000 B" \
	"the same reads again: 1000 re-reads of 1 B, 0.001 s each"
"$U" 1000 once >"$TMP/out3" 2>&1
is "$(cat "$TMP/out3")" "rereads 0.000 s 0 B" "1000 reads once: none re-read"
done_testing
