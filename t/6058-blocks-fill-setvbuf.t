#!/bin/sh
# blocks --source: writes that fill a buffer setvbuf gives (1000 B, no
# power of two) exactly, then a fflush: the full buffers are counted
# in bytes, not in shares rounded up that add to more than a whole
# buffer (10 fwrite of 100 B: no write(2) at the loop, one at the
# fflush; main 4 write(2), was 6) (t/data/blocks/fill-setvbuf.c; issue
# 33).
. "$(dirname "$0")/lib.sh"
need_code
SRC=$TOP/t/data/blocks/fill-setvbuf.c
cd "$TMP" || exit 1
col() { block_col "$@"; }

$RUN blocks --source --format=csv "$SRC" > s.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs"
is "$(col s.csv main:15 sys_writes)" 0 "10 fwrite of 100 B fill the 1000 B buffer: no write(2) of the loop's"
is "$(col s.csv main:18 sys_writes)" 2 "30 fwrite of 100 B: 2 write(2), the rest at the fclose"
is "$(col s.csv main sys_writes)" 4 "main(): 1 + 2 + 1"
blocks_traced "$SRC" main main:15 main:15:16 main:17 main:18 main:18:19 main:20
done_testing
