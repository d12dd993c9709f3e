#!/bin/sh
# blocks --source: writes that fill a FILE *'s buffer exactly and no
# flush after them: exit() sends the full buffer after main returns
# (the trace's [loader]), so the loop makes no write(2) of its own;
# main's stream, and one a function leaves open, once a call
# (t/data/blocks/fill-exit.c; issue 33).
. "$(dirname "$0")/lib.sh"
[ -f "$(dirname "$IOLENS")/iolens-code.so" ] || skip_all "bin/iolens-code.so is not built (no libclang)"
SRC=$TOP/t/data/blocks/fill-exit.c
cd "$TMP" || exit 1
col() { block_col "$@"; }

$RUN blocks --source --format=csv "$SRC" > s.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs"
is "$(col s.csv main:23 sys_writes)" 0 "8 fwrite of 512 B, left open: no write(2) of the loop's"
is "$(col s.csv keep:14 sys_writes)" 0 "keep(): 4 fwrite of 1024 B, left open: none at its loop"
is "$(col s.csv "[loader]" sys_writes)" 3 "exit() sends the three full buffers"
is "$(col s.csv main sys_writes)" 0 "main(): none of its own"
LIB=$(dirname "$IOLENS")/iolens-trace.so
if [ -f "$LIB" ] && command -v cc > /dev/null && cp "$SRC" . &&
	cc -g -O0 -o prog fill-exit.c 2> /dev/null; then
	$RUN trace --stacks -o prog.it ./prog 2> /dev/null
	$RUN blocks --source --format=csv fill-exit.c prog.it > j.csv 2> err
	is "$?:$(cat err)" "0:" "joined to the program's trace"
	for b in main main:23 main:23:24 main:25 main:26 keep keep:14 keep:14:15 [loader]; do
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
	skip "no iolens-trace.so or no C compiler" 11
fi
done_testing
