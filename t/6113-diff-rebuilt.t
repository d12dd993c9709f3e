#!/bin/sh
# iolens diff of traces whose binary was rebuilt since: no code blocks
# compared, a warning says which binary changed (as blocks refuses such
# a trace), the rest of the diff stays (the blocks were compared with the
# new build's functions and lines, exit 0 and no word;
# t/data/blocks/diff-rebuilt.c; issue 33 D1).
. "$(dirname "$0")/lib.sh"
command -v cc > /dev/null || skip_all "no C compiler"
[ -f "$(dirname "$IOLENS")/iolens-trace.so" ] || skip_all "no tracer library"
cd "$TMP" || exit 1
cp "$TOP/t/data/blocks/diff-rebuilt.c" . || exit 1
cc -g -O0 -o a diff-rebuilt.c && cc -g -O0 -DTWICE -o b diff-rebuilt.c || exit 1
$RUN trace --stacks -o a.it ./a 2> /dev/null && $RUN trace --stacks -o b.it ./b 2> /dev/null
ok $? "traced, both builds"
$RUN diff --format=csv a.it b.it > d0.csv 2> err
is "$?:$(cat err)" "0:" "before the rebuild: no warning"
grep -q '^blocks,main() > diff-rebuilt.c:14,calls,,,1,1,' d0.csv
ok $? "... a block row: the new write line"
# a rebuilt with b's source: another build id
cc -g -O0 -DTWICE -o a diff-rebuilt.c || exit 1
$RUN blocks a.it > /dev/null 2>&1
is "$?" 1 "blocks refuses the rebuilt binary's trace"
$RUN diff --format=csv a.it b.it > d.csv 2> err
is "$?" 0 "diff: exit 0"
is "$(cat err)" "iolens diff: warning: no code blocks compared: '$TMP/a' changed since 'a.it' was traced, its functions and lines would be the new build's: trace it again" \
	"a warning names the binary and the trace"
is "$(grep -c '^blocks,' d.csv)" 0 "no block rows"
grep -q '^summary,' d.csv
ok $? "the summary rows stay"
done_testing
