#!/bin/sh
# blocks --source: a fflush of an empty buffer makes no system call:
# one fwrite, then a loop of 1000 fflush, is one write(2) (the first
# fflush), not 1000 (t/data/blocks/flush-empty.c; issue 33).
. "$(dirname "$0")/lib.sh"
[ -f "$(dirname "$IOLENS")/iolens-code.so" ] || skip_all "bin/iolens-code.so is not built (no libclang)"
SRC=$TOP/t/data/blocks/flush-empty.c
cd "$TMP" || exit 1
col() { block_col "$@"; }

$RUN blocks --source --format=csv "$SRC" > s.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs"
is "$(col s.csv main:13 sys_writes)" 1 "1000 fflush after one fwrite: one write(2)"
is "$(col s.csv main sys_writes)" 1 "main(): one write(2)"
LIB=$(dirname "$IOLENS")/iolens-trace.so
if [ -f "$LIB" ] && command -v cc > /dev/null && cp "$SRC" . &&
	cc -g -O0 -o prog flush-empty.c 2> /dev/null; then
	$RUN trace --stacks -o prog.it ./prog 2> /dev/null
	$RUN blocks --source --format=csv flush-empty.c prog.it > j.csv 2> err
	is "$?:$(cat err)" "0:" "joined to the program's trace"
	for b in main main:13 main:13:14 main:15; do
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
	skip "no iolens-trace.so or no C compiler" 6
fi
done_testing
