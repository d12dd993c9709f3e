#!/bin/sh
# Joined to an strace -k trace, the Spearman line ranked predicted time
# against strace's -T durations, its own stops in them, without a word,
# while `blocks --sort time` on the same trace is refused (t/6027).  Now
# the join is consistent: not calibrated, no ranking and a note saying
# why; calibrated (iolens replay --calibrate), the overhead taken off
# and the line (issue 33 D8; t/data/blocks/copy.c).  Since issue 33 D3
# (t/6160) calibrated strace -k times are medians less the overhead; a
# cost model predicts, it never stands in for measured times.
. "$(dirname "$0")/lib.sh"
need_code
need_strace_k
cd "$TMP" || exit 1
cp "$TOP/t/data/blocks/copy.c" . && cc -g -O0 -o copy copy.c || exit 1
# the cost model of t/6025 (hand-made)
iocost_handmade
strace -f -k -tt -T -y -o c.strace ./copy || exit 1

$RUN blocks --sort time c.strace > /dev/null 2>&1
is "$?" 1 "not calibrated, a cost model saved: blocks --sort time is refused"
$RUN blocks --source copy.c c.strace > j.txt 2> err
is "$?:$(grep -c 'Spearman' j.txt)" "0:0" "... and the join ranks no time either"
is "$(grep -c '^predicted against measured I/O time: not ranked' j.txt)" 1 "... its text says so"
is "$(grep -c 'note: no ranking of predicted against measured I/O time' err)" 1 "... and a note"

mkdir -p "$XDG_CACHE_HOME/iolens"
echo "0.00001 0.00002" > "$XDG_CACHE_HOME/iolens/strace-overhead"
$RUN blocks --source copy.c c.strace > k.txt 2> err
is "$?:$(grep -c "note: strace -k's I/O times are medians less strace's own 20.00 us a call" err)" "0:1" \
	"calibrated: medians less the overhead, said"
is "$(grep -c "costed at this machine\|fastest call took" err)" 0 "... neither costed nor capped"
is "$(grep -c '^predicted against measured I/O time: \(Spearman\|too few\)' k.txt)" 1 "... and the ranking line"
done_testing
