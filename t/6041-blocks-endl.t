#!/bin/sh
# blocks --source on `<< std::endl` and `<< std::flush` (issue 33): endl
# writes a newline and flushes the stream, a write(2) each time on a file
# stream; std::flush flushes.  Joined to a trace, the predicted write(2)
# equal the measured writes on every block of t/data/blocks/endl.cpp.
. "$(dirname "$0")/lib.sh"
need_code
SRC=$TOP/t/data/blocks/endl.cpp
cd "$TMP" || exit 1
col() { block_col "$@"; }
row() { echo "$(col "$1" "$2" writes),$(col "$1" "$2" syncs),$(col "$1" "$2" bytes_written),$(col "$1" "$2" sys_writes)"; }

$RUN blocks --source --format=csv "$SRC" > s.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs"
is "$(row s.csv main:9:10)" "2,1,5,1" "log << \"step\" << std::endl: 4 B and a newline, a flush, one write(2)"
is "$(row s.csv main:9)" "10,5,25,5" "... five times: five write(2)"
is "$(row s.csv main:11)" "1,1,1,1" "<< std::flush: a flush, one write(2)"
$RUN blocks --source "$SRC" > s.txt
grep -q '^      std::ofstream << std::endl (stdio, 1 B, buffer 8.0 KiB)$' s.txt &&
	grep -q '^      std::ofstream::flush (std::endl) (stdio)$' s.txt
ok $? "text: endl's newline and flush"

# the cost model of t/6025 (hand-made): an fsync 10 ms, a write of 512 B 3 us
iocost_handmade
$RUN blocks --source --format=csv "$SRC" > m.csv 2> err
is "$(col m.csv main:11 predicted_io_time_s | awk '{ print ($1 > 0 && $1 < 0.001) }')" 1 \
	"predicted time: a stream's flush costs a write(2), not an fsync ($(col m.csv main:11 predicted_io_time_s) s)"

LIB=$(dirname "$IOLENS")/iolens-trace.so
if [ -f "$LIB" ] && command -v c++ > /dev/null && cp "$SRC" . &&
	c++ -g -O0 -o endl endl.cpp 2> /dev/null; then
	$RUN trace --stacks -o endl.it ./endl 2> /dev/null
	$RUN blocks --source --format=csv endl.cpp endl.it > j.csv 2> err
	is "$?:$(cat err)" "0:" "joined to the program's trace"
	is "$(col j.csv main:9 writes)" 5 "the trace: five write(2) in the loop"
	is "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["predicted_sys_writes"] != $c["writes"] { print $1 }' j.csv)" "" \
		"predicted write(2) equal the measured writes on every block"
else
	skip "no iolens-trace.so or no C++ compiler" 3
fi
done_testing
