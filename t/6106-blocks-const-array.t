#!/bin/sh
# A size read from a const array by the counter of a loop of constant
# trip count (`sizes[s]`, s < NELEM(sizes); a static const local read
# every second entry) is known: the loop's bytes are the entries it
# reads, each iteration their average; entries that do not share out
# evenly over the iterations stay unknown (issue 33 judge 3 D14;
# t/data/blocks/const-array-sizes.c).
. "$(dirname "$0")/lib.sh"
need_code
cd "$TMP" || exit 1
cp "$TOP"/t/data/blocks/const-array-sizes.c . || exit 1
col() { block_col "$@"; }

$RUN blocks --source --format=csv const-array-sizes.c > s.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs"
is "$(col s.csv main:13:14 bytes_written)" 7680 "one run of the loop over sizes[]: 512 + 1024 + 2048 + 4096 B"
is "$(col s.csv main:13 bytes_written)" 23040 "three runs of it: 23040 B"
is "$(col s.csv main:18 bytes_written)" 60 "steps[i], i += 2: 10 + 20 + 30 B"
is "$(col s.csv main:16 bytes_written)" "" "odd[]: 601 B over 3 iterations, no whole share: unknown"
if [ -f "$(dirname "$IOLENS")/iolens-trace.so" ] && command -v cc > /dev/null &&
	cc -g -O0 -o prog const-array-sizes.c 2> /dev/null; then
	$RUN trace --stacks -o a.it ./prog 2> /dev/null
	$RUN blocks --source --format=csv const-array-sizes.c a.it > j.csv 2> err
	is "$?:$(cat err)" "0:" "joined to its iolens trace"
	for b in main:13 main:13:14 main:13:14:15 main:18; do
		is "$(col j.csv $b status)" exact "... $b exact"
	done
else
	skip "no iolens-trace.so or no C compiler" 5
fi
done_testing
