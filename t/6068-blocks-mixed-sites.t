#!/bin/sh
# blocks --source: a function called with the same stream twice at one
# call site (pair(f, f)) and with two streams at another (pair(f, g)):
# each site's rows follow its own arguments, at the site and, joined to
# a trace, in the function's own rows summed over its sites (one buffer:
# the second fflush finds it empty, the first sent both writes; two
# buffers: a write(2) each) (t/data/blocks/mixed-sites.c; issue 33).
. "$(dirname "$0")/lib.sh"
need_code
SRC=$TOP/t/data/blocks/mixed-sites.c
cd "$TMP" || exit 1
col() { block_col "$@"; }

$RUN blocks --source --format=csv "$SRC" > s.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs"
is "$(col s.csv main:22 sys_writes)" 1 "pair(f, f): one buffer, one write(2)"
is "$(col s.csv main:23 sys_writes)" 2 "pair(f, g): two buffers, two write(2)"
is "$(col s.csv main sys_writes)" 3 "main(): 1 + 2"
blocks_traced "$SRC" main main:22 main:23 pair pair:13 pair:14
done_testing
