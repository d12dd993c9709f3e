#!/bin/sh
# blocks --source: writes to one stream spread across calls: main
# writes 2000 B to a FILE *, then put() twice writes 3000 B each; the
# 4 KiB buffer fills during the first put(), whose call makes the
# write(2), not the second's nor main's own fwrite.  What the caller's
# writes left in the buffer is carried into a call of a function that
# only writes the stream; two fwrite of 2048 B fill h's buffer exactly
# and put(h) makes its write(2) (t/data/blocks/fill-calls.c; issue 33).
. "$(dirname "$0")/lib.sh"
need_code
SRC=$TOP/t/data/blocks/fill-calls.c
cd "$TMP" || exit 1
col() { block_col "$@"; }

$RUN blocks --source --format=csv "$SRC" > s.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs"
is "$(col s.csv main:20 sys_writes)" 0 "fwrite of 2000 B: none"
is "$(col s.csv main:21 sys_writes)" 1 "the first put(): 2000 + 3000 B fill the buffer, one write(2)"
is "$(col s.csv main:22 sys_writes)" 0 "the second put(): 904 + 3000 B, none"
is "$(col s.csv main:23 sys_writes)" 1 "fclose: the rest"
is "$(col s.csv main:26 sys_writes)" 0 "h: the second fwrite of 2048 B fills the buffer, none"
is "$(col s.csv main:27 sys_writes)" 1 "put(h): the full buffer sent at its first byte"
is "$(col s.csv main sys_writes)" 4 "main(): 2 + 2 (the streams' rests not added up)"
blocks_traced "$SRC" main main:20 main:21 main:22 main:23 main:25 main:26 main:27 main:28 put put:12
done_testing
