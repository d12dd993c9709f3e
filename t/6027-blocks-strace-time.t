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
# strace -k: each call timed as the median of its block's calls of its
# kind and size less the 50 us, at least 10 % of that median (issue 33
# D3, t/6160; the floor, not a cap at the fastest call, keeps calls in
# their order)
mkdir -p "$XDG_CACHE_HOME/iolens"
echo "0.00001 0.00005" > "$XDG_CACHE_HOME/iolens/strace-overhead"
$RUN blocks --format=csv "$K" > "$TMP/c.csv" 2> "$TMP/err"
is "$?:$(grep -c "note: strace -k's I/O times are medians less strace's own 50.00 us a call" "$TMP/err")" "0:1" \
	"calibrated: medians less the overhead, said"
is "$(awk -F, '$3 == "save" { printf "%.6g", $15 }' "$TMP/c.csv")" "0.000301" \
	"save(): the open's 10 us floored at 1, 2 writes of median 75 less 50, the fsync's 300 less 50: 301 us"
is "$(roots "$TMP/c.csv")" "main worker backtracing_error app+0x1c48" "... and ranked by those times"
echo "0.00001 0.000001" > "$XDG_CACHE_HOME/iolens/strace-overhead"
$RUN blocks --format=csv "$K" > "$TMP/d.csv" 2> "$TMP/err"
is "$?:$(grep -c "note: strace -k's I/O times are medians less strace's own 1.00 us" "$TMP/err")" "0:1" \
	"an overhead below the fastest call: medians less it, said"
done_testing
