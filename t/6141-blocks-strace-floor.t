#!/bin/sh
# strace -k costs more a call than the -T overhead iolens replay
# --calibrate measures without -k (37 us there, 7-10 us a whole small
# write under -k here), so taking it off whole left most calls at 0: 5-13
# blocks of every 10-25 with calls but no time, a loop of 48 writes at
# 0 us, Spearman -0.08 to 0.11 joined (issue 33 D2).  No call can take
# less than the tracer's share of it: the share taken off is at most the
# trace's fastest call, so every call keeps its order, and a note says
# what was taken off.  Since issue 33 D3 (t/6160, t/6161) a floor does
# that instead: each block's calls of a kind and size are timed at their
# median less the overhead, never below 10 % of that median.  t/data/strace/stack-k.trace: save() makes an open
# of 10 us, writes of 100 and 50 us and an fsync of 300; its fastest
# call, a close, took 2 us.
. "$(dirname "$0")/lib.sh"

K=$TOP/t/data/strace/stack-k.trace
mkdir -p "$XDG_CACHE_HOME/iolens"
echo "0.00001 0.001" > "$XDG_CACHE_HOME/iolens/strace-overhead"
$RUN blocks --format=csv "$K" > "$TMP/c.csv" 2> "$TMP/err"
is "$?" 0 "1 ms calibrated: runs"
is "$(grep -c "note: strace -k's I/O times are medians less strace's own 1000.00 us a call" "$TMP/err")" 1 \
	"... the medians said"
is "$(grep -c "note: strace's own\|fastest call took" "$TMP/err")" 0 "... no cap"
t() { awk -F, -v f="$1" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$3 == f { printf "%.6g\n", $c["io_time_s"] }' "$TMP/c.csv"; }
is "$(t save)" 4.6e-05 "save(): 10 % of each median (1 + 2 x 7.5 + 30 us), not 0"
is "$(t 'ns::Writer::flush(int) const')" 3e-05 "its fsync: 30 us, 10 % of 300"
is "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$c["calls"] > 0 && $c["io_time_s"] == 0 { n++ } END { print n + 0 }' "$TMP/c.csv")" 0 \
	"no block with calls and no time"
done_testing
