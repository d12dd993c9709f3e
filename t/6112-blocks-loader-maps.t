#!/bin/sh
# An strace trace's maps of code (PROT_EXEC, the loader's cache, shared
# objects: ld.so's and dlopen's) are no file mappings: blocks' note and
# summary count the program's one mmap of a data file (they said 6, the
# loader's 5 of ld.so.cache and libc.so.6 with it; t/data/blocks/map-data.c;
# issue 33 D9).
. "$(dirname "$0")/lib.sh"
need_strace_k
cd "$TMP" || exit 1
cp "$TOP/t/data/blocks/map-data.c" . && cc -g -O0 -o p map-data.c || exit 1
strace -f -k -tt -T -y -e trace=desc,file -o p.strace ./p || exit 1
grep -q 'mmap(.*\.so' p.strace
ok $? "the loader's maps are in the trace"
$RUN blocks p.strace > b.txt 2> /dev/null
is "$(grep 'file mapping' b.txt)" \
	"1 file mapping (mmap): what is read or written through a mapping is in no block" \
	"blocks: the program's one mapping"
$RUN summary p.strace > s.txt 2> /dev/null
grep -q '^  mapped files  *1 mmap of files' s.txt
ok $? "summary: one mmap of files"
done_testing
