#!/bin/sh
# An strace -k trace records no build ids: blocks tells a rebuilt binary
# only by the binary being newer than the trace file.  A trace written
# well after its last call (a copy) hides that, so a note says its lines
# cannot be checked (it said nothing; t/data/blocks/map-data.c; issue 33
# D11).  A trace as strace wrote it gets no note.
. "$(dirname "$0")/lib.sh"
need_strace_k
cd "$TMP" || exit 1
cp "$TOP/t/data/blocks/map-data.c" . && cc -g -O0 -o p map-data.c || exit 1
strace -f -k -tt -T -y -e trace=desc,file -o p.strace ./p || exit 1
$RUN blocks p.strace > /dev/null 2> err
is "$?:$(grep -c 'cannot be checked' err)" "0:0" "as strace wrote it: no note"
cp p.strace copy.strace
touch -d "@$(($(date +%s) + 7200))" copy.strace || exit 1
$RUN blocks copy.strace > /dev/null 2> err
is "$?" 0 "the copy: exit 0"
grep -q "^iolens blocks: note: 'copy.strace' was written [0-9]* s after its last call (a copy?): strace -k records no build ids, so a binary rebuilt before then is not seen and its lines cannot be checked$" err
ok $? "the copy: a note that its lines cannot be checked"
done_testing
