#!/bin/sh
# blocks --source: an `if` on the counter of a loop of constant trip
# count runs each arm for the iterations where its condition holds or
# not (i % 3 == 0: 4 of 10, its else 6; i > 5 && i != 7: 2 of 8;
# !(i % 8) counting down from 20 by 4: 2 of 5), not every iteration as
# the larger arm; joined to a trace, each arm's row is what ran
# (t/data/blocks/iv-branch.c; issue 33).
. "$(dirname "$0")/lib.sh"
need_code
SRC=$TOP/t/data/blocks/iv-branch.c
cd "$TMP" || exit 1
col() { block_col "$@"; }

$RUN blocks --source --format=csv "$SRC" > s.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs"
is "$(col s.csv every_third:15 bytes_written)" 460 "i % 3 == 0: 4 x 100 B, else 6 x 10 B"
is "$(col s.csv every_third:15 writes)" 10 "... one write an iteration"
is "$(col s.csv late:27 writes)" 2 "i > 5 && i != 7: 2 of 8"
is "$(col s.csv countdown:36 syncs)" 2 "!(i % 8) from 20 down by 4: 2 of 5"
is "$(col s.csv main sys_writes)" 14 "main(): 10 + 2 + 2 write(2)"
blocks_traced "$SRC" main main:48 main:49 late late:27 late:27:29 countdown countdown:36:37 every_third every_third:15:17 every_third:15:19
if [ -f j.csv ]; then
	is "$(col j.csv every_third:15:17 status) $(col j.csv every_third:15:19 status)" "exact exact" \
		"both arms of i % 3 == 0 exact in calls and bytes"
	is "$(col j.csv countdown status) $(col j.csv countdown:36:37 status)" "exact exact" \
		"the loop counting down: exact"
else
	skip "not joined" 2
fi
done_testing
