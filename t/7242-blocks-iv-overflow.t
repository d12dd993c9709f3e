#!/bin/sh
# blocks --source: a condition on a loop's counter is counted over the
# loop's iterations only while its values stay within int64; a product
# past it ((i + 2^32) x 2^32, wrapped to 0 at i == 0: counted as run
# once, though it never is; (i + 10^12)^2, a signed overflow that a
# SANITIZE=1 build stopped at in extract.c) leaves the `if` uncounted,
# its arm run at every iteration as far as the blocks know
# (t/data/blocks/iv-wrap.c).
. "$(dirname "$0")/lib.sh"
need_code
SRC=$TOP/t/data/blocks/iv-wrap.c
cd "$TMP" || exit 1
col() { block_col "$@"; }

$RUN blocks --source --format=csv "$SRC" > s.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs"
is "$(col s.csv wrapped:15 writes)" 10 "(i + 2^32) x 2^32 == 0: not counted (its wrap says once)"
is "$(col s.csv wrapped:15 bytes_written)" 1000 "... 10 x 100 B at most"
is "$(col s.csv big:24 writes)" 10 "(i + 10^12)^2 > 0: its arm at every iteration"
done_testing
