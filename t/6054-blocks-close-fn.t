#!/bin/sh
# blocks --source: a FILE * main writes and gives to a helper that
# fcloses it: what main left in the buffer goes out at the helper's
# fclose (under main's call of it), and exit() has nothing of it to
# flush; the helper's rows count that write(2) with the caller's
# bytes, which the kernel has there.  One given to a helper that
# fflushes it last is empty after the call, still open: nothing for
# exit() either (t/data/blocks/close-fn.c; issue 33).
. "$(dirname "$0")/lib.sh"
need_code
SRC=$TOP/t/data/blocks/close-fn.c
cd "$TMP" || exit 1
col() { block_col "$@"; }

$RUN blocks --source --format=csv "$SRC" > s.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs"
is "$(col s.csv main:28 sys_writes),$(col s.csv main:30 sys_writes)" "1,1" "each finish() call: one write(2), at its fclose"
is "$(col s.csv main:33 sys_writes)" 1 "sync_out(): one write(2), at its fflush"
is "$(col s.csv "[loader]" sys_writes)" "" "exit() flushes nothing (h emptied by sync_out): no [loader] block"
is "$(col s.csv main sys_writes)" 3 "main(): one write(2) a stream"
LIB=$(dirname "$IOLENS")/iolens-trace.so
if [ -f "$LIB" ] && command -v cc > /dev/null && cp "$SRC" . &&
	cc -g -O0 -o prog close-fn.c 2> /dev/null; then
	$RUN trace --stacks -o prog.it ./prog 2> /dev/null
	$RUN blocks --source --format=csv close-fn.c prog.it > j.csv 2> err
	is "$?:$(cat err)" "0:" "joined to the program's trace"
	for b in main main:28 main:30 main:33 finish finish:10 finish:11 sync_out; do
		is "$(col j.csv $b predicted_sys_writes)" "$(col j.csv $b writes)" "$b: predicted write(2) are the measured"
	done
	# buffered stdio: the kernel has the caller's bytes at the fclose,
	# so bytes apart from the measured do not make the row differ
	is "$(col j.csv main:28 status)" "calls exact" "main:28: its system calls are the measured"
	if command -v strace > /dev/null && strace -f -o st.txt -e trace=write ./prog 2> /dev/null; then
		is "$(grep -c 'write([3-9],' st.txt)" \
			"$(($(col s.csv main sys_writes) + 0$(col s.csv '[loader]' sys_writes)))" \
			"main's and exit's predicted write(2) are strace's"
	else
		skip "no strace" 1
	fi
else
	skip "no iolens-trace.so or no C compiler" 11
fi
done_testing
