#!/bin/sh
# A stripped binary's trace has no source lines: joined to the source,
# every predicted line read "differs" against 0 measured and the loop
# "0 iterations ran", exit 0, the run's calls nowhere; now the join is
# refused in one line, exit 1.  Its _start, without a symbol left, is
# the ELF entry point and folds into [loader] as an unstripped one does,
# not a root above main (issue 33 D9; t/data/blocks/copy.c).
. "$(dirname "$0")/lib.sh"
need_code
[ -f "$(dirname "$IOLENS")/iolens-trace.so" ] || skip_all "no bin/iolens-trace.so"
command -v cc > /dev/null && command -v strip > /dev/null || skip_all "no C compiler or strip"
cd "$TMP" || exit 1
cp "$TOP/t/data/blocks/copy.c" . && cc -g -O0 -o copyg copy.c && strip -o copy.stripped copyg || exit 1

$RUN trace --stacks -o s.it ./copy.stripped 2> /dev/null
$RUN blocks --format=csv s.it > s.csv 2> err
is "$?:$(grep -c 'has no debugging information' err)" "0:1" "stripped: attributed, said in a note"
is "$(awk -F, 'NR > 1 && $20 ~ /^copy[.]stripped@0x[0-9a-f]*\(\);copy[.]stripped@/ { n++ } END { print n + 0 }' s.csv)" 0 \
	"no stripped function under another: _start is no root above main"
# the frame glibc's start code called is main, though no symbol says so
is "$(awk -F, 'NR > 1 && $20 !~ /;/ && $20 ~ /^main/ { print $7 }' s.csv)" 19 "main's one root, named main, has the run's 19 calls"

$RUN blocks --source --format=csv copy.c s.it > j.csv 2> err
is "$?:$(wc -c < j.csv)" "1:0" "joined to the source: refused, exit 1, no rows"
is "$(grep -c 'cannot join the trace to the sources: none of its 19 calls has a source line' err)" 1 "... said in one line"

$RUN trace --stacks -o g.it ./copyg 2> /dev/null
$RUN blocks --source --format=csv copy.c g.it > g.csv 2> err
is "$?:$(cat err)" "0:" "unstripped: joined"
is "$(block_col g.csv main:16:17 writes)" 4 "... the loop's 4 writes measured"
done_testing
