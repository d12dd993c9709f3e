#!/bin/sh
# blocks --source: a fflush of an empty buffer makes no system call:
# one fwrite, then a loop of 1000 fflush, is one write(2) (the first
# fflush), not 1000 (t/data/blocks/flush-empty.c; issue 33).
. "$(dirname "$0")/lib.sh"
need_code
SRC=$TOP/t/data/blocks/flush-empty.c
cd "$TMP" || exit 1
col() { block_col "$@"; }

$RUN blocks --source --format=csv "$SRC" > s.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs"
is "$(col s.csv main:13 sys_writes)" 1 "1000 fflush after one fwrite: one write(2)"
is "$(col s.csv main sys_writes)" 1 "main(): one write(2)"
blocks_traced "$SRC" main main:13 main:13:14 main:15
done_testing
