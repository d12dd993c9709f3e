#!/bin/sh
# iolens trace --stacks keeps 64 frames; a stack cut only in the C start
# code's frames beyond main() (_start, __libc_start_main: left out of
# every path anyway) reached main(), yet hung under the root [stack cut]
# and was counted cut.  Now it is whole: under main(), not counted; a
# stack that misses main() still goes under [stack cut] (issue 33 D3;
# t/data/blocks/recurse.c).
. "$(dirname "$0")/lib.sh"
[ -f "$(dirname "$IOLENS")/iolens-trace.so" ] || skip_all "no bin/iolens-trace.so"
command -v cc > /dev/null || skip_all "no C compiler"
cd "$TMP" || exit 1
cp "$TOP/t/data/blocks/recurse.c" . && cc -g -O0 -o recurse recurse.c || exit 1
under_cut() { awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } $c["path"] ~ /^\[stack cut\]/ { n++ } END { print n + 0 }' "$1"; }

# 62 levels: main() and visit() x62 and the write, 64 frames before
# __libc_start_call_main
$RUN trace --stacks -o r62.it ./recurse 62 2> /dev/null
is "$(grep -c '^# stacks: depth 64, [1-9][0-9]* cut' r62.it)" 1 "the tracer cut some stacks at 64 frames"
$RUN blocks --format=csv r62.it > r62.csv 2> err
is "$?:$(under_cut r62.csv)" "0:0" "they reached main(): none under [stack cut]"
is "$(grep -c 'cut' err)" 0 "... and none said cut"
is "$(awk -F, 'NR > 1 && $2 == "function" && $20 == "main()" { print $7 }' r62.csv)" 64 "main(): its open, close and 62 writes"

# 70 levels: the deepest stacks miss main()
$RUN trace --stacks -o r70.it ./recurse 70 2> /dev/null
$RUN blocks --format=csv r70.it > r70.csv 2> err
is "$(under_cut r70.csv | awk '{ print ($1 > 0) }'):$(grep -c 'under \[stack cut\]' err)" "1:1" "70 levels: the stacks that miss main() still under [stack cut], said"
done_testing
