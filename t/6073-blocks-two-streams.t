#!/bin/sh
# blocks --source: each stream's buffer fills apart.  Two streams
# written 3 x 1000 B each in turns hold 3000 B each (4 KiB buffers): no
# write(2) until each fclose, in main's loop and in both(), which is
# given the two; their shares summed (6000 B) said one write(2) too many
# at both()'s call and in both()'s own rows joined to a trace
# (t/data/blocks/two-streams.c; issue 33).
. "$(dirname "$0")/lib.sh"
need_code
SRC=$TOP/t/data/blocks/two-streams.c
cd "$TMP" || exit 1
col() { block_col "$@"; }

$RUN blocks --source --format=csv "$SRC" > s.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs"
is "$(col s.csv main:25 sys_writes)" 0 "main's loop: 3000 B in each buffer, none"
is "$(col s.csv main:33 sys_writes)" 0 "both(f, g): 3000 B in each buffer, none"
is "$(col s.csv main:34 sys_writes) $(col s.csv main:35 sys_writes)" "1 1" "each fclose after both(): its own write(2)"
is "$(col s.csv main sys_writes)" 4 "main(): four fclose, a write(2) each"
blocks_traced "$SRC" main main:25 main:33 main:34 main:35 both both:9
done_testing
