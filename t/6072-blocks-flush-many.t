#!/bin/sh
# blocks --source: a fflush of an empty buffer makes no system call,
# however many run: one fwrite then 1,100,000 fflush is one write(2),
# and 3 runs of a fwrite and 1,500,000 fflush are 3 -- past 1,048,576
# flushes in a loop (the parts of a write(2) in the prediction's units)
# each was predicted a write(2) (t/data/blocks/flush-many.c; issue 33).
. "$(dirname "$0")/lib.sh"
need_code
SRC=$TOP/t/data/blocks/flush-many.c
cd "$TMP" || exit 1
col() { block_col "$@"; }

$RUN blocks --source --format=csv "$SRC" > s.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs"
is "$(col s.csv main:16 sys_writes)" 1 "1,100,000 fflush after one fwrite: one write(2)"
is "$(col s.csv main:18:20 sys_writes)" 1 "1,500,000 fflush after a fwrite: one write(2)"
is "$(col s.csv main:18 sys_writes)" 3 "... three times over"
is "$(col s.csv main:23 sys_writes)" 0 "the fclose: nothing written since, none"
is "$(col s.csv main sys_writes)" 4 "main(): 1 + 3 write(2)"
blocks_traced "$SRC" main main:16 main:16:17 main:18 main:18:20 main:18:20:21 main:23
done_testing
