#!/bin/sh
# blocks' mapping note counts the program's own mappings of data files
# with their size, on a trace of strace -f -k without -y too (it counted
# ld.so's library loads, MAP_DENYWRITE and the cache's, whose paths only
# -y gives: "4 file mappings" for a program that maps nothing, and gave
# no size; issue 33 D6).  t/data/blocks/map-data.c maps 4 KiB shared and
# writable.
. "$(dirname "$0")/lib.sh"
need_strace_k
cd "$TMP" || exit 1
cp "$TOP/t/data/blocks/map-data.c" . && cc -g -O0 -o p map-data.c || exit 1
cp "$TOP/t/data/blocks/one-write.c" none.c || exit 1
cc -g -O0 -o none none.c || exit 1
strace -f -k -tt -T -o p.st ./p || exit 1
strace -f -k -tt -T -o none.st ./none || exit 1
grep -q 'MAP_DENYWRITE' none.st || skip_all "no library load in the trace (static libc?)"
$RUN blocks none.st > b.txt 2> /dev/null
is "$?:$(grep -c 'mapp' b.txt)" "0:0" "a program that maps nothing: no mapping note"
$RUN blocks p.st > b.txt 2> /dev/null
is "$(grep 'mapp' b.txt)" \
	"1 file mapping (mmap): what is read or written through a mapping is in no block
4.0 KiB mapped, 4.0 KiB of it shared and writable: up to 4.0 KiB written through a mapping, not counted as writes" \
	"the program's one mapping, with its size"
if [ -f "$(dirname "$IOLENS")/iolens-trace.so" ]; then
	$RUN trace --stacks -o p.it ./p 2> /dev/null
	$RUN blocks p.it > b.txt 2> /dev/null
	is "$(grep -c '^4.0 KiB mapped, 4.0 KiB of it shared and writable' b.txt)" 1 \
		"iolens trace: the same size"
else
	skip "no tracer library" 1
fi
done_testing
