#!/bin/sh
# blocks --source: while and do-while loops of constant bounds and
# nested loops are exact; a call through a table of function pointers
# is "?" with that reason in its line, loop and function, never a
# number that leaves the called function's I/O out (main was predicted
# 172 calls, 177 ran); a function whose address is taken is called an
# unknown number of times (small(): 1 predicted from its one direct
# call, 2 ran); a pointer variable that only ever holds large() calls
# it; a loop with no braces around a braced loop ends with it in the
# trace's blocks (the loop after it was counted in it: 63 for 60)
# (t/data/blocks/fnptr.c; issue 33).
. "$(dirname "$0")/lib.sh"
need_code
SRC=$TOP/t/data/blocks/fnptr.c
cd "$TMP" || exit 1
col() { block_col "$@"; }

$RUN blocks --source --format=csv "$SRC" > s.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs"
is "$(col s.csv main:32 trip_count):$(col s.csv main:32 writes)" "100:100" "while (i < 100): 100 writes"
is "$(col s.csv main:37 trip_count):$(col s.csv main:37 writes)" "10:10" "do-while (j > 0) from 10: 10 writes"
is "$(col s.csv main:41 writes)" 60 "nested loops 3 x 4 x 5: 60 writes"
is "$(col s.csv main calls)" "" "main() calls through a table of pointers: no number"
is "$(col s.csv main:49:50 calls)" "" "... nor the table's line"
is "$(col s.csv main:52 calls):$(col s.csv main:52 bytes_written)" "2:2048" "fp = large; fp(fd): large()'s 2 writes"
$RUN blocks --source "$SRC" > s.txt 2> /dev/null
grep -q 'call through a pointer' s.txt
ok $? "the text says why"
if [ -f "$(dirname "$IOLENS")/iolens-trace.so" ] && command -v cc > /dev/null &&
	cp "$SRC" . && cc -g -O0 -o prog fnptr.c 2> /dev/null; then
	$RUN trace --stacks -o p.it ./prog 2> /dev/null
	$RUN blocks --format=csv p.it > m.csv 2> /dev/null
	is "$(awk -F, '$2 == "loop" && $5 == 41 { print $7 }' m.csv)" 60 \
		"the trace's nested loop: its 60 calls, not the next loop's"
	$RUN blocks --source --format=csv fnptr.c p.it > j.csv 2> err
	is "$?:$(cat err)" "0:" "joined to its trace"
	is "$(grep -c 'differs\|not predicted' j.csv)" 0 "... no row differs or is not predicted"
	is "$(col j.csv main status):$(col j.csv main:49:50 status)" "unknown:unknown" \
		"... main and the table's line unknown"
	is "$(col j.csv main:52 status):$(col j.csv small status):$(col j.csv large status)" \
		"exact:unknown:unknown" "... fp(fd) exact; small() and large(), whose address is taken, unknown"
	$RUN blocks --source fnptr.c p.it > j.txt 2> /dev/null
	grep -q '^main() .*unknown: a call through a pointer' j.txt
	ok $? "... and say why"
	grep -q '^small() .*unknown: called through a pointer' j.txt
	ok $? "... small() too"
else
	skip "no iolens-trace.so or no C compiler" 7
fi
done_testing
