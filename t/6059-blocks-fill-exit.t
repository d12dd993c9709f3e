#!/bin/sh
# blocks --source: writes that fill a FILE *'s buffer exactly and no
# flush after them: exit() sends the full buffer after main returns
# (the trace's [loader]), so the loop makes no write(2) of its own;
# main's stream, and one a function leaves open, once a call
# (t/data/blocks/fill-exit.c; issue 33).
. "$(dirname "$0")/lib.sh"
need_code
SRC=$TOP/t/data/blocks/fill-exit.c
cd "$TMP" || exit 1
col() { block_col "$@"; }

$RUN blocks --source --format=csv "$SRC" > s.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs"
is "$(col s.csv main:23 sys_writes)" 0 "8 fwrite of 512 B, left open: no write(2) of the loop's"
is "$(col s.csv keep:14 sys_writes)" 0 "keep(): 4 fwrite of 1024 B, left open: none at its loop"
is "$(col s.csv "[loader]" sys_writes)" 3 "exit() sends the three full buffers"
is "$(col s.csv main sys_writes)" 0 "main(): none of its own"
blocks_traced "$SRC" main main:23 main:23:24 main:25 main:26 keep keep:14 keep:14:15 [loader]
done_testing
