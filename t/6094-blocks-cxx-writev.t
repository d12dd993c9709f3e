#!/bin/sh
# libstdc++'s file stream sends a write that does not fit in what is
# left of its 8191 B buffer, or one of 1 KiB or more, at once with the
# buffer (one writev(2)): 200 writes of 1000 B are 22 system calls, not
# the 24 full buffers predicted, and 5 writes of 2000 B are 5, with
# nothing left for the close (predicted: 1 at the close).  Now
# predicted as libstdc++ sends them (issue 33 D5;
# t/data/blocks/ofs-writev.cpp).
. "$(dirname "$0")/lib.sh"
need_code
SRC=$TOP/t/data/blocks/ofs-writev.cpp
cd "$TMP" || exit 1
$RUN blocks --source --format=csv "$SRC" > s.csv 2> err
is "$?:$(cat err)" "0:" "predicted"
is "$(block_col s.csv main:13 sys_writes)" 22 "200 writes of 1000 B: 22 writev(2)"
is "$(block_col s.csv main:15 sys_writes)" 1 "... 2000 B left for the close"
is "$(block_col s.csv main:19 sys_writes)" 5 "5 writes of 2000 B: 5 writev(2)"
is "$(block_col s.csv main:21 sys_writes)" 0 "... nothing left for the close"
is "$(block_col s.csv main sys_writes)" 28 "main(): 28"
if [ -f "$(dirname "$IOLENS")/iolens-trace.so" ] && command -v c++ > /dev/null &&
	cp "$SRC" . && c++ -g -O0 -o p ofs-writev.cpp; then
	$RUN trace --stacks -o p.it ./p 2> /dev/null
	$RUN blocks --source --format=csv ofs-writev.cpp p.it > j.csv 2> err
	is "$?:$(cat err)" "0:" "joined to its iolens trace"
	for b in main main:13 main:15 main:19 main:21; do
		is "$(block_col j.csv $b predicted_sys_writes)" "$(block_col j.csv $b writes)" \
			"$b: predicted write(2) are the measured"
	done
	if command -v strace > /dev/null && strace -f -o st.txt -e trace=write,writev ./p 2> /dev/null; then
		is "$(grep -c 'write[v]*(3,' st.txt)" 28 "strace counts 28"
	else
		skip "no strace" 1
	fi
else
	skip "no iolens-trace.so or no C++ compiler" 7
fi
done_testing
