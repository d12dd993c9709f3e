#!/bin/sh
# strace -k's -T durations hold strace's stops around each call and, on a
# loaded machine, their rescheduling: a 256 B write of 0.9 us untraced
# is 7-8 us at the median under strace -T (8-11 us under load) while the
# mean reaches 31-333 us.  The cost model's figure in their place (never
# more than strace timed, issue 33 D3 first fix) hid real slowness: an
# fsync of 2 s showed the model's 10 ms.  Now each block's calls of one
# kind and size class are timed n x max(median - strace's calibrated
# overhead, 10 % of the median): the outliers do not inflate a loop,
# and a slow call stays slow.  The trace (t/data/strace/loop-fsync-k.sh):
# loop() writes 256 B 200 times at 8 us, 5 of them 300 us; flushit()
# fsyncs for 2 s; strace's overhead calibrated at 6 us.
. "$(dirname "$0")/lib.sh"
cd "$TMP" || exit 1
sh "$TOP/t/data/strace/loop-fsync-k.sh" > k.strace || exit 1
mkdir -p "$XDG_CACHE_HOME/iolens"
echo "0.00001 0.000006" > "$XDG_CACHE_HOME/iolens/strace-overhead"
# a cost model there too: measured times must not be its figures
iocost_handmade
t() { awk -F, -v f="$1" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$3 == f { printf "%.6g\n", $c["io_time_s"] }' "$2"; }
$RUN blocks --format=csv k.strace > c.csv 2> err
is "$?" 0 "blocks of the trace, calibrated"
is "$(grep -c "note: strace -k's I/O times are medians less strace's own 6.00 us a call" err)" 1 \
	"... the note says the times are medians less strace's overhead"
is "$(grep -c "costed at this machine\|fastest call took" err)" 0 "... not costed, not capped"
is "$(t flushit c.csv)" 1.99999 "the fsync: 2 s less 6 us as strace timed it, not the model's 10 ms"
is "$(t loop c.csv)" 0.0004 "the loop: 200 x (8 - 6) us, not inflated by its 300 us outliers"
is "$(awk -F, 'NR > 1 && $3 != "main" { print $3; exit }' c.csv)" flushit \
	"the fsync's block ranks first"
# the same in the text table, the totals with it
$RUN blocks k.strace > c.txt 2> /dev/null
is "$(awk '$1 == "main()" { print $NF }' c.txt)" 2.000398 \
	"main(): the fsync, the loop, each less 6 us, the close's 2 us floored at 10 %"
# outliers at 3 ms each: the medians do not move
sh "$TOP/t/data/strace/loop-fsync-k.sh" 3000 > k3.strace || exit 1
$RUN blocks --format=csv k3.strace > c3.csv 2> /dev/null
is "$(t loop c3.csv)" 0.0004 "outliers of 3 ms: the loop still 0.4 ms"
done_testing
