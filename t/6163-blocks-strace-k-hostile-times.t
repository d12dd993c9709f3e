#!/bin/sh
# strace -k -T durations no strace writes, against the medians of
# t/6160 (lib/analysis/blocks.c robust_groups()): a negative one, one
# past 10^7 s (115 days), nan or inf is a one-line syntax error naming
# the line, exit 1; a call of 10^7 s in the loop does not move the
# loop's median (0.4 ms) nor make its time or intensity nan or inf;
# durations of 0 (strace's "<0.000000>") cost 0, not nan.  The trace:
# t/data/strace/loop-fsync-k.sh, strace's overhead calibrated at 6 us.
. "$(dirname "$0")/lib.sh"
cd "$TMP" || exit 1
sh "$TOP/t/data/strace/loop-fsync-k.sh" > k.strace || exit 1
mkdir -p "$XDG_CACHE_HOME/iolens"
echo "0.00001 0.000006" > "$XDG_CACHE_HOME/iolens/strace-overhead"
t() { awk -F, -v f="$1" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$3 == f { printf "%s %s\n", $c["io_time_s"], $c["intensity"] }' "$2"; }
# first DURATION: k.strace with the loop's first write timed DURATION
first() { sed "0,/write(3.*<0.000008>/s/<0.000008>/<$1>/" k.strace; }
for d in -0.000008 10000000.5 12345678901234567890 nan inf; do
	first "$d" > bad.strace
	$RUN blocks --format=csv bad.strace > out 2> err
	is "$?:$(wc -l < err | tr -d ' ')" 1:1 "<$d>: exit 1, one line"
	grep -q "^iolens blocks: cannot read 'bad.strace': syntax error: bad.strace: line 6: \(negative duration\|duration out of range\)$" err
	ok $? "... naming the line: $(cat err)"
done
first 10000000.000000 > long.strace
$RUN blocks --format=csv long.strace > long.csv 2> err
is "$?" 0 "a write of 10^7 s: read"
is "$(t loop long.csv)" "0.0004 0" "... the loop still 200 x (8 - 6) us, its intensity 0 over 115 days"
is "$(grep -ci 'nan\|inf' long.csv)" 0 "... no nan or inf anywhere"
sed '/ write(3/s/<[0-9.]*>$/<0.000000>/' k.strace > zero.strace
$RUN blocks --format=csv zero.strace > zero.csv 2> err
is "$?" 0 "writes of 0 s: read"
is "$(t loop zero.csv)" "0 0" "... the loop's time and intensity 0"
is "$(t flushit zero.csv)" "1.999994 0.999997" "... the fsync's 2 s less 6 us"
is "$(grep -ci 'nan\|inf' zero.csv)" 0 "... no nan or inf anywhere"
done_testing
