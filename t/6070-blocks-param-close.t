#!/bin/sh
# blocks --source: a helper that closes, flushes or keeps the stream it
# is given under an `if` on a parameter that the call site fixes: the
# site's arm alone.  fin(f, 3) closes f (its else-if chain's last arm)
# and fin(g, 1) flushes g, each arm's fclose or fflush sending the write
# made before the `if`; put(h, 0) leaves h written for put(h, 1)'s
# fclose; exit() has nothing to flush (t/data/blocks/param-close.c;
# issue 33).
. "$(dirname "$0")/lib.sh"
need_code
SRC=$TOP/t/data/blocks/param-close.c
cd "$TMP" || exit 1
col() { block_col "$@"; }

$RUN blocks --source --format=csv "$SRC" > s.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs"
is "$(col s.csv main:33 sys_writes)" 1 "fin(f, 3): the last arm's fclose, one write(2)"
is "$(col s.csv main:34 sys_writes)" 1 "fin(g, 1): the fflush, one write(2)"
is "$(col s.csv main:36 sys_writes)" 1 "fclose(g) after fin(g, 1) and a fwrite: one write(2)"
is "$(col s.csv main:37 sys_writes)" 0 "put(h, 0): kept open, no write(2)"
is "$(col s.csv main:38 sys_writes)" 1 "put(h, 1): both puts' bytes at its fclose"
is "$(col s.csv '[loader]' sys_writes)" "" "nothing left for exit()"
is "$(col s.csv main sys_writes)" 4 "main(): four write(2)"
blocks_traced "$SRC" main main:33 main:34 main:37 main:38 fin fin:10 fin:10:11 fin:10:13 put put:20
if [ -f j.csv ]; then
	is "$(col j.csv '[loader]' status)" "" "no row for exit()"
else
	skip "not joined" 1
fi
done_testing
