#!/bin/sh
# blocks --source: a switch on a parameter a call site fixes counts the
# site's case alone (put(fd, 1): 2 writes, put(fd, 9): default's 1), a
# constant switch the case it enters and falls into, a switch on the
# counter of a loop of constant trip count each case for the
# iterations that run it (i % 3 with a fall-through: 2, 2, 4), and a
# switch on a value the source does not fix counts its largest entry,
# each case "up to" what it makes if it runs, not every case as taken
# (t/data/blocks/switch.c; issue 33).
. "$(dirname "$0")/lib.sh"
need_code
SRC=$TOP/t/data/blocks/switch.c
cd "$TMP" || exit 1
col() { block_col "$@"; }

$RUN blocks --source --format=csv "$SRC" > s.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs"
is "$(col s.csv main:32 writes):$(col s.csv main:32 bytes_written)" "2:400" "put(fd, 1): case 1's 2 writes of 200 B"
is "$(col s.csv main:33 writes):$(col s.csv main:33 bytes_written)" "1:300" "put(fd, 9): default's 300 B"
is "$(col s.csv main:36 bytes_written):$(col s.csv main:39 bytes_written):$(col s.csv main:42 syncs)" \
	"50:60:" "switch (3): case 3 falls into case 4, whose { } block breaks: case 5 not counted"
is "$(col s.csv main:45 writes):$(col s.csv main:45 bytes_written)" "8:180" \
	"switch (i % 3) six times: 2 x 10 B + 2 x (20 B + 30 B) + 2 x 30 B"
is "$(col s.csv main calls)" 16 "main(): the unknown switch's largest entry (one call), not both"
$RUN blocks --source "$SRC" > s.txt 2> /dev/null
grep -q 'case .*switch.c:59 (up to: the value is not known)' s.txt
ok $? "the unknown switch's cases say up to"
blocks_traced "$SRC" main main:45 main:45:50 main:45:53 put put:18 put:22
if [ -f j.csv ]; then
	is "$(grep -c 'differs\|unknown\|not predicted' j.csv)" 0 "joined: no row differs, is unknown or not predicted"
	is "$(col j.csv main:59 status):$(col j.csv main:59 predicted_calls):$(col j.csv main:59 calls)" \
		"up to:1:0" "the case not run: up to 1 call, 0 ran"
	is "$(col j.csv put status):$(col j.csv put predicted_bytes_written)" "exact:700" \
		"put() over its two sites: 400 B + 300 B, exact"
	is "$(col j.csv main:45:53 predicted_calls):$(col j.csv main:45:53 status)" "4:exact" \
		"case 2 runs 4 times (2 entered, 2 fallen into), exact"
else
	skip "not joined" 4
fi
done_testing
