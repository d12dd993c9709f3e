#!/bin/sh
# blocks --source: one stream given twice to a function that flushes
# one parameter and closes the other (finish(out, out)): the fflush
# sends the buffer, the fclose finds it empty (no write(2)), and exit()
# has nothing left: one write(2) where main predicted 2 and [loader] 1
# (t/data/blocks/flush-twice.c; issue 33).  The same when the function
# exits instead: exit() flushes the one stream once.
. "$(dirname "$0")/lib.sh"
need_code
SRC=$TOP/t/data/blocks/flush-twice.c
cd "$TMP" || exit 1
col() { block_col "$@"; }

$RUN blocks --source --format=csv "$SRC" > s.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs"
is "$(col s.csv main:17 sys_writes)" 1 "finish(out, out): one write(2)"
is "$(col s.csv finish:9 sys_writes)" 0 "the fclose of a buffer the fflush emptied: none"
is "$(col s.csv "[loader]" sys_writes)" "" "exit() flushes nothing: no [loader] block"
# exit() in a function given one stream twice (t/data/blocks/exit-twice.c,
# t/6051): exit's flush of the first parameter empties the second's
$RUN blocks --source --format=csv "$TOP/t/data/blocks/exit-twice.c" > x.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs on exit-twice.c"
is "$(col x.csv main:19 sys_writes),$(col x.csv finish sys_writes)" "1,1" "finish(out, out) that exits: one write(2)"
blocks_traced "$SRC" main main:17 finish finish:8 finish:9
done_testing
