#!/bin/sh
# blocks --source: a branch on a parameter that a call site fixes counts
# the arm the site's constant takes, alone: put(fd, 0) makes no write of
# its `if (flag)`, level(fd, 0) its else arm's, through wrap(fd, 5) too;
# a condition no site fixes (put(fd, argc)) counts the arm as taken.
# Joined to a trace, the callee's rows are its sites' sums
# (t/data/blocks/param-branch.c; issue 33).
. "$(dirname "$0")/lib.sh"
need_code
SRC=$TOP/t/data/blocks/param-branch.c
cd "$TMP" || exit 1
col() { block_col "$@"; }

$RUN blocks --source --format=csv "$SRC" > s.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs"
is "$(col s.csv main:52 sys_writes)" 1 "put(fd, 0): the write before the if only"
is "$(col s.csv main:52 bytes_written)" 10 "put(fd, 0): 10 B"
is "$(col s.csv main:55 sys_writes)" 1 "level(fd, 0): the else arm's one write"
is "$(col s.csv main:56 sys_writes)" 4 "level(fd, 3): the loop's four"
is "$(col s.csv main:57 bytes_written)" 30 "pick(fd, 2): 2 == mode, the 30 B arm"
is "$(col s.csv main:58 sys_writes)" 4 "wrap(fd, 5): the value followed into level()"
is "$(col s.csv main:59 sys_writes)" 3 "put(fd, argc): not fixed, the arm counted"
is "$(col s.csv main sys_writes)" 23 "main(): 1 + 9 + 1 + 4 + 1 + 4 + 3"
is "$(col s.csv put sys_writes)" 3 "put() on its own: the arm counted"
blocks_traced "$SRC" main main:52 main:55 main:57 put put:12 put:12:13 level level:22 level:25 pick pick:32 pick:34
if [ -f j.csv ]; then
	is "$(col j.csv put:12 status)" exact "put:12: taken at 4 of its 5 calls, exact"
	is "$(col j.csv pick:34 status)" exact "pick:34: never taken, exact"
else
	skip "not joined" 2
fi
done_testing
