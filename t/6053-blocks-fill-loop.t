#!/bin/sh
# blocks --source: a loop of fwrite that fills a FILE *'s buffer exactly,
# then a fflush after the loop: glibc sends a full buffer only when the
# next byte comes, so the loop makes no write(2) and the fflush one;
# the rest of a run is taken off the block that holds its writes, not
# only at the flush (t/data/blocks/fill-loop.c; issue 33).
. "$(dirname "$0")/lib.sh"
need_code
SRC=$TOP/t/data/blocks/fill-loop.c
cd "$TMP" || exit 1
col() { block_col "$@"; }

$RUN blocks --source --format=csv "$SRC" > s.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs"
is "$(col s.csv main:14 sys_writes)" 0 "4 fwrite of 1024 B: the buffer full, no write(2) of the loop's"
is "$(col s.csv main:17 sys_writes)" 1 "16 fwrite of 512 B: the first buffer sent by the 9th, the second at the fflush"
is "$(col s.csv main:20:21 sys_writes)" 0 "2 fwrite of 2048 B before each fflush: none of the inner loop's"
is "$(col s.csv main sys_writes)" 6 "main(): 1 + 2 + 3"
blocks_traced "$SRC" main main:14 main:14:15 main:17 main:17:18 main:20 main:20:21 main:20:21:22 main:20:23
done_testing
