#!/bin/sh
# What the text header says about a trace, the machine formats and the
# header say too (issue 33): a file mapping (mmap) was in the text only,
# CSV, JSON and folded output said nothing (D6; now a note on stderr, as
# cut stacks get); a stripped binary was said on stderr only, not in the
# text header where cut stacks are counted (D7; now both).
# t/data/blocks/map-data.c maps 4 KiB shared and writable.
. "$(dirname "$0")/lib.sh"
[ -f "$(dirname "$IOLENS")/iolens-trace.so" ] || skip_all "no tracer library"
command -v cc > /dev/null || skip_all "no C compiler"
cd "$TMP" || exit 1
cp "$TOP/t/data/blocks/map-data.c" . && cc -g -O0 -o p map-data.c || exit 1
$RUN trace --stacks -o p.it ./p 2> /dev/null || exit 1
for f in csv json folded; do
	$RUN blocks --format=$f p.it > o.$f 2> err
	is "$?:$(cat err)" \
		"0:iolens blocks: note: 1 file mapping (mmap): up to 4.0 KiB written through a mapping, not counted as writes, in no block" \
		"--format=$f: the mapping said on stderr"
done
$RUN blocks p.it > t.txt 2> err
is "$(grep -c mapp err):$(grep -c '^1 file mapping' t.txt)" "0:1" "text: in the header, not on stderr"
# stripped
cp "$TOP/t/data/blocks/one-write.c" w.c && cc -O0 -o w w.c && strip w || exit 1
$RUN trace --stacks -o w.it ./w 2> /dev/null || exit 1
$RUN blocks w.it > w.txt 2> err
is "$(sed -n 2p w.txt)" \
	"'$TMP/w' has no debugging information (stripped, or built without -g): functions by symbol or address, no lines" \
	"stripped: said in the text header"
is "$(grep -c 'no debugging information' err)" 1 "... and on stderr, as before"
done_testing
