#!/bin/sh
# blocks --source: streams kept in global variables, opened in one
# function (a local stored in the global: g = f, or the global
# assigned), written in others through the global, one closed in a
# function, one flushed by main after its last call of a function that
# names it (empty at exit: note() names only log_f),
# two left for exit() to flush: a stream stored in a global is counted
# once at exit, as the global's, not also as the local's
# (t/data/blocks/global.c; issue 33).
. "$(dirname "$0")/lib.sh"
[ -f "$(dirname "$IOLENS")/iolens-code.so" ] || skip_all "bin/iolens-code.so is not built (no libclang)"
SRC=$TOP/t/data/blocks/global.c
cd "$TMP" || exit 1
col() { block_col "$@"; }

$RUN blocks --source --format=csv "$SRC" > s.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs"
is "$(col s.csv "[loader]" sys_writes)" 2 "exit() flushes two streams: log_f (open_all's f) and trace_f (main's t), not err_f"
is "$(col s.csv done sys_writes)" 1 "done(): the fclose of out"
LIB=$(dirname "$IOLENS")/iolens-trace.so
if [ -f "$LIB" ] && command -v cc > /dev/null && cp "$SRC" . &&
	cc -g -O0 -o prog global.c 2> /dev/null; then
	$RUN trace --stacks -o prog.it ./prog 2> /dev/null
	$RUN blocks --source --format=csv global.c prog.it > j.csv 2> err
	is "$?:$(cat err)" "0:" "joined to the program's trace"
	for b in main main:51 main:53 main:54 main:55 main:56 main:57 done note [loader]; do
		is "$(col j.csv $b predicted_sys_writes)" "$(col j.csv $b writes)" "$b: predicted write(2) are the measured"
	done
	if command -v strace > /dev/null && strace -f -o st.txt -e trace=write ./prog 2> /dev/null; then
		is "$(grep -c 'write([3-9],' st.txt)" \
			"$(($(col s.csv main sys_writes) + 0$(col s.csv '[loader]' sys_writes)))" \
			"main's and exit's predicted write(2) are strace's"
	else
		skip "no strace" 1
	fi
else
	skip "no iolens-trace.so or no C compiler" 12
fi
done_testing
