#!/bin/sh
# strace -k's call durations hold strace's own stops around each call
# (issue 33: 11 times a small write's on a loop), so iolens blocks takes
# the per-call overhead iolens replay --calibrate measured off them, as
# replay-script does, or, not measured, ranks by bytes and says so, and
# refuses an explicit --sort time.  t/data/strace/stack-k.trace: save()
# makes an open of 10 us, writes of 100 and 50 us and an fsync of 300.
. "$(dirname "$0")/lib.sh"

K=$TOP/t/data/strace/stack-k.trace
roots() { awk -F, 'NR > 1 && $1 !~ /\./ { printf "%s%s", s, $3; s = " " } END { print "" }' "$1"; }

# ---- not measured ----
$RUN blocks --format=csv "$K" > "$TMP/u.csv" 2> "$TMP/err"
is "$?:$(grep -c 'note: ranked by bytes: strace' "$TMP/err")" "0:1" "not calibrated: ranked by bytes, said"
is "$(roots "$TMP/u.csv")" "main worker app+0x1c48 backtracing_error" "... the roots by bytes"
$RUN blocks --sort time "$K" > "$TMP/out" 2> "$TMP/err"
is "$?:$(wc -c < "$TMP/out"):$(grep -c 'cannot rank by time' "$TMP/err")" "1:0:1" \
	"--sort time: refused, exit 1"
$RUN blocks --sort calls --format=csv "$K" > /dev/null 2> "$TMP/err"
is "$?:$(grep -c note: "$TMP/err")" "0:0" "--sort calls: no word"

# ---- measured: 10 us between calls, 50 us in each call's duration ----
# but the trace's fastest call (a close) took 2 us: no call can take less
# than strace's share of it, so 2 us come off each (issue 33 D2: taking
# off 50 left most calls at 0, unordered)
mkdir -p "$XDG_CACHE_HOME/iolens"
echo "0.00001 0.00005" > "$XDG_CACHE_HOME/iolens/strace-overhead"
$RUN blocks --format=csv "$K" > "$TMP/c.csv" 2> "$TMP/err"
is "$?:$(grep -c "note: the trace's fastest call took 2.00 us, less than strace's own 50.00 us" "$TMP/err")" "0:1" \
	"calibrated: the overhead taken off, capped at the fastest call, said"
is "$(awk -F, '$3 == "save" { print $15 }' "$TMP/c.csv")" "0.000452" \
	"save(): 10 + 100 + 50 + 300 us less 2 a call: 452 us"
is "$(roots "$TMP/c.csv")" "main worker backtracing_error app+0x1c48" "... and ranked by those times"
echo "0.00001 0.000001" > "$XDG_CACHE_HOME/iolens/strace-overhead"
$RUN blocks --format=csv "$K" > "$TMP/d.csv" 2> "$TMP/err"
is "$?:$(grep -c "note: strace's own 1.00 us a call taken off" "$TMP/err")" "0:1" \
	"an overhead below the fastest call: taken off whole, said"
done_testing
