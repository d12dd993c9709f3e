#!/bin/sh
# An strace -k trace whose file time (the kernel's coarser clock) is a
# few ms before its last call, across a second boundary: written 0 s
# after, no note (it said "written 86399 s after its last call (a
# copy?)": the whole-second difference wrapped to the next day; issue 33
# D2).  Two minutes after still gets the note.
. "$(dirname "$0")/lib.sh"
need_strace_k
cd "$TMP" || exit 1
cp "$TOP/t/data/blocks/one-write.c" p.c || exit 1
cc -g -O0 -o p p.c || exit 1
strace -f -k -tt -T -o raw.st ./p || exit 1
# every call at 12:00:00.000100 and 10 us long; the binary built well
# before (strace pads a pid under 5 digits with spaces)
sed -e 's/^\([0-9]*  *\)[0-9][0-9]:[0-9][0-9]:[0-9][0-9]\.[0-9]*/\112:00:00.000100/' \
	-e 's/<[0-9.]*>$/<0.000010>/' raw.st > p.st
is "$(grep -c '^[0-9]*  *[0-9][0-9]:' p.st)" "$(grep -c '^[0-9]*  *12:00:00\.000100 ' p.st)" \
	"every call's time rewritten"
touch -d "2020-01-02 10:00:00" p || exit 1
touch -d "2020-01-02 11:59:59.996" p.st || exit 1
$RUN blocks p.st > /dev/null 2> err
is "$?:$(grep -c 'after its last call' err)" "0:0" "4 ms before the last call, a second earlier: no note"
touch -d "2020-01-02 12:00:00.000050" p.st || exit 1
$RUN blocks p.st > /dev/null 2> err
is "$?:$(grep -c 'after its last call' err)" "0:0" "in the same second: no note"
touch -d "2020-01-02 12:02:00" p.st || exit 1
$RUN blocks p.st > /dev/null 2> err
r=$?
is "$r:$(grep -c "'p.st' was written 120 s after its last call" err)" "0:1" "two minutes after: the note"
[ "$r" = 0 ] || diag "$(cat err)"
done_testing
