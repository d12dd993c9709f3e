#!/bin/sh
# strace -k writes the function of each frame; a binary rebuilt after the
# trace, the trace then copied (newer than the binary again), has other
# functions at the trace's addresses: blocks refuses, naming both, where
# it attributed the calls to the new build's functions, exit 0 (issue 33
# D4; t/data/blocks/rebuilt.c, checksum() inserted before put_rec()).
. "$(dirname "$0")/lib.sh"
need_strace_k
cd "$TMP" || exit 1
cp "$TOP/t/data/blocks/rebuilt.c" . && cc -g -O0 -o prog rebuilt.c || exit 1
strace -f -k -tt -T -y -o a.strace ./prog
is "$?:$(grep -c 'put_rec+0x' a.strace)" "0:8" "traced: strace -k names put_rec() at each pwrite"
$RUN blocks --format=csv a.strace > a.csv 2> err
is "$?:$(grep -v note: err)" "0:" "as built: attributed, no warning"
is "$(awk -F, '$2 == "function" && $3 == "put_rec" { print $10 }' a.csv)" 8 "... put_rec()'s 8 pwrite"

cc -g -O0 -DINSERTED -o prog rebuilt.c || exit 1
cp a.strace b.strace
$RUN blocks --format=csv b.strace > b.csv 2> err
is "$?:$(wc -c < b.csv)" "1:0" "rebuilt, the trace copied after: refused, exit 1"
grep -q "the trace names [a-z_]*() where the binary now has [a-z_]*()" err
ok $? "... both names said ($(cat err))"
is "$(wc -l < err)" 1 "... in one line"
$RUN blocks --source --format=csv rebuilt.c b.strace > j.csv 2> err
is "$?" 1 "the join refuses it too"
done_testing
