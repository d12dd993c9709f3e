#!/bin/sh
# blocks --source: writes that fill a buffer setvbuf gives (1000 B, no
# power of two) exactly, then a fflush: the full buffers are counted
# in bytes, not in shares rounded up that add to more than a whole
# buffer (10 fwrite of 100 B: no write(2) at the loop, one at the
# fflush; main 4 write(2), was 6) (t/data/blocks/fill-setvbuf.c; issue
# 33).
. "$(dirname "$0")/lib.sh"
[ -f "$(dirname "$IOLENS")/iolens-code.so" ] || skip_all "bin/iolens-code.so is not built (no libclang)"
SRC=$TOP/t/data/blocks/fill-setvbuf.c
cd "$TMP" || exit 1
col() { block_col "$@"; }

$RUN blocks --source --format=csv "$SRC" > s.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs"
is "$(col s.csv main:15 sys_writes)" 0 "10 fwrite of 100 B fill the 1000 B buffer: no write(2) of the loop's"
is "$(col s.csv main:18 sys_writes)" 2 "30 fwrite of 100 B: 2 write(2), the rest at the fclose"
is "$(col s.csv main sys_writes)" 4 "main(): 1 + 2 + 1"
LIB=$(dirname "$IOLENS")/iolens-trace.so
if [ -f "$LIB" ] && command -v cc > /dev/null && cp "$SRC" . &&
	cc -g -O0 -o prog fill-setvbuf.c 2> /dev/null; then
	$RUN trace --stacks -o prog.it ./prog 2> /dev/null
	$RUN blocks --source --format=csv fill-setvbuf.c prog.it > j.csv 2> err
	is "$?:$(cat err)" "0:" "joined to the program's trace"
	for b in main main:15 main:15:16 main:17 main:18 main:18:19 main:20; do
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
	skip "no iolens-trace.so or no C compiler" 9
fi
done_testing
