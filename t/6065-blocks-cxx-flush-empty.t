#!/bin/sh
# blocks --source: a C++ file stream's flush() (or << std::flush) of an
# empty buffer makes no system call, as a C fflush's: in loops that do
# not write the stream only the first pass sends something, and a
# flush() right after std::endl finds the buffer empty (std::endl's
# flush comes after the chain's writes) (t/data/blocks/flush-loop.cpp;
# issue 33).
. "$(dirname "$0")/lib.sh"
need_code
SRC=$TOP/t/data/blocks/flush-loop.cpp
cd "$TMP" || exit 1
col() { block_col "$@"; }

$RUN blocks --source --format=csv "$SRC" > s.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs"
is "$(col s.csv main:14 sys_writes)" 1 "1000 flush() after one write: one write(2)"
is "$(col s.csv main:17 sys_writes)" 1 "10 << std::flush after one write: one write(2)"
is "$(col s.csv main:19:21 sys_writes)" 0 "flush() after std::endl: none"
is "$(col s.csv main:19 sys_writes)" 5 "5 std::endl: 5 write(2)"
is "$(col s.csv main:25 sys_writes)" 0 "a second flush() in a row: none"
is "$(col s.csv main sys_writes)" 8 "main(): 1 + 1 + 5 + 1"
LIB=$(dirname "$IOLENS")/iolens-trace.so
if [ -f "$LIB" ] && command -v c++ > /dev/null && cp "$SRC" . &&
	c++ -g -O0 -o prog flush-loop.cpp 2> /dev/null; then
	$RUN trace --stacks -o prog.it ./prog 2> /dev/null
	$RUN blocks --source --format=csv flush-loop.cpp prog.it > j.csv 2> err
	is "$?:$(cat err)" "0:" "joined to the program's trace"
	for b in main main:14 main:14:15 main:17 main:17:18 main:19 main:19:20 main:19:21 main:24 main:25; do
		is "$(col j.csv $b predicted_sys_writes)" "$(col j.csv $b writes)" "$b: predicted write(2) are the measured"
	done
	if command -v strace > /dev/null && strace -f -o st.txt -e trace=write ./prog 2> /dev/null; then
		is "$(grep -c 'write([3-9],' st.txt)" "$(col s.csv main sys_writes)" \
			"main's predicted write(2) are strace's"
	else
		skip "no strace" 1
	fi
else
	skip "no iolens-trace.so or no C++ compiler" 12
fi
done_testing
