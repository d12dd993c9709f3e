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
mkdir -p "$XDG_CACHE_HOME/iolens"
echo "0.00001 0.00005" > "$XDG_CACHE_HOME/iolens/strace-overhead"
$RUN blocks --format=csv "$K" > "$TMP/c.csv" 2> "$TMP/err"
is "$?:$(grep -c "note: strace's own 50.00 us a call taken off" "$TMP/err")" "0:1" "calibrated: the overhead taken off, said"
is "$(awk -F, '$3 == "save" { print $15 }' "$TMP/c.csv")" "0.0003" \
	"save(): 10 + 100 + 50 + 300 us less 50 a call, none below 0: 300 us"
is "$(roots "$TMP/c.csv")" "main app+0x1c48 backtracing_error worker" "... and ranked by those times"
done_testing
