#!/bin/sh
# blocks --source: a helper's fclose inside an `if` closes the stream
# given to it when both arms close it, or when the condition is a
# constant or assumed (--assume) and the arm it takes does; a constant
# or assumed condition's other arm is not counted at all.  exit() then
# has nothing of the stream to flush (t/data/blocks/close-if.c; issue 33).
. "$(dirname "$0")/lib.sh"
need_code
SRC=$TOP/t/data/blocks/close-if.c
cd "$TMP" || exit 1
col() { block_col "$@"; }

$RUN blocks --source --format=csv "$SRC" > s.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs"
is "$(col s.csv '[loader]' sys_writes)" 1 \
	"exit() flushes only fin()'s stream (done() closes in both arms, end() under a constant)"
is "$(col s.csv main:47 sys_writes)" 1 "end(g): its fclose under if (!KEEP), one write(2)"
$RUN blocks --source --assume keep=0 --format=csv "$SRC" > a.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source --assume keep=0 runs (the assumption used)"
is "$(col a.csv '[loader]' sys_writes)" "" "--assume keep=0: fin() closes, nothing for exit()"
is "$(col a.csv main:49 sys_writes)" 1 "--assume keep=0: fin(h) the fclose's write(2), not the other arm's fwrite"
is "$(col a.csv main sys_writes)" 3 "main(): three fclose, a write(2) each"
LIB=$(dirname "$IOLENS")/iolens-trace.so
if [ -f "$LIB" ] && command -v cc > /dev/null && cp "$SRC" . &&
	cc -g -O0 -o prog close-if.c 2> /dev/null; then
	$RUN trace --stacks -o prog.it ./prog 2> /dev/null
	$RUN blocks --source --assume keep=0 --format=csv close-if.c prog.it > j.csv 2> err
	is "$?:$(cat err)" "0:" "joined to the program's trace"
	for b in main main:45 main:47 main:49 done end fin; do
		is "$(col j.csv $b predicted_sys_writes)" "$(col j.csv $b writes)" "$b: predicted write(2) are the measured"
	done
	is "$(col j.csv '[loader]' writes)" "" "the trace: no write(2) at exit"
	if command -v strace > /dev/null && strace -f -o st.txt -e trace=write ./prog 2> /dev/null; then
		is "$(grep -c 'write([3-9],' st.txt)" \
			"$(($(col a.csv main sys_writes) + 0$(col a.csv '[loader]' sys_writes)))" \
			"main's and exit's predicted write(2) are strace's"
	else
		skip "no strace" 1
	fi
else
	skip "no iolens-trace.so or no C compiler" 10
fi
done_testing
