#!/bin/sh
# blocks --source: main gives one written stream twice to a function
# that exits (finish(out, out), t/data/blocks/exit-twice.c).  main's
# streams not given to it are none: the one stream is subtracted once,
# where it was counted for each argument and 0 - 1 wrapped to 4 billion
# exit() flushes (the prediction never ended).  timeout only keeps a
# binary from before from hanging the suite: this one takes a fraction
# of a second.
. "$(dirname "$0")/lib.sh"
need_code
command -v timeout >/dev/null || skip_all "no timeout(1)"
cd "$TMP" || exit 1
col() { awk -F, -v b="$2" -v k="$3" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i } $1 == b { print $c[k] }' "$1"; }

timeout 600 $RUN blocks --source --format=csv "$TOP/t/data/blocks/exit-twice.c" >t.csv 2>err
is "$?:$(cat err)" "0:" "blocks --source runs on exit-twice.c"
w=$(col t.csv main sys_writes)
[ -n "$w" ] && [ "$w" -le 2 ]
ok $? "main's predicted write(2): at most one a parameter of finish ($w), not billions"
is "$(col t.csv main:18 sys_writes)" 0 "main's fputs: in the buffer, no write(2) of its own"
done_testing
