#!/bin/sh
# blocks --source: a FILE * still written and open when main returns is
# flushed by exit(), one write(2) each, which a trace folds into the root
# [loader] (issue 33): the source predicts them there, a function
# "[loader]" of one write a stream (main's own streams written since
# their last flush, global ones written and closed by no function; not
# an unbuffered stream, nor one closed or flushed), and the join pairs
# it with the trace's [loader], so that every block's predicted write(2)
# are the measured writes on t/data/blocks/exit-flush.c.  When main calls
# exit() itself, the flushes are at that line, under main, where a trace
# has them too (t/data/blocks/exit-call.c).
. "$(dirname "$0")/lib.sh"
need_code
SRC=$TOP/t/data/blocks/exit-flush.c
cd "$TMP" || exit 1
col() { block_col "$@"; }
row() { echo "$(col "$1" "$2" calls),$(col "$1" "$2" writes),$(col "$1" "$2" sys_writes)"; }

$RUN blocks --source --format=csv "$SRC" > s.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs"
is "$(row s.csv '[loader]')" "2,2,2" "exit()'s flush: log and g, one write(2) each"
is "$(row s.csv main:27)" "10,10,1" "10 fwrite of 500 B: 1 full buffer, the rest at exit"
is "$(row s.csv main:31)" "1,0,1" "the closed stream's fclose writes what was left"
is "$(row s.csv main:32)" "1,1,1" "the unbuffered stream: a write(2) a call, nothing at exit"
is "$(row s.csv main:34)" "1,0,1" "fflush of the stream kept open: nothing left at exit"
$RUN blocks --source "$SRC" > s.txt
grep -q "^  write (exit's flush of a stream) (POSIX, size unknown)$" s.txt
ok $? "text: the flushes under [loader]"

LIB=$(dirname "$IOLENS")/iolens-trace.so
if [ -f "$LIB" ] && command -v cc > /dev/null && cp "$SRC" . &&
	cc -g -O0 -o exitf exit-flush.c 2> /dev/null; then
	$RUN trace --stacks -o exitf.it ./exitf 2> /dev/null
	$RUN blocks --source --format=csv exit-flush.c exitf.it > j.csv 2> err
	is "$?:$(cat err)" "0:" "joined to the program's trace"
	is "$(col j.csv '[loader]' writes),$(col j.csv '[loader]' predicted_sys_writes),$(col j.csv '[loader]' status)" \
		"2,2,calls exact" "[loader]: 2 writes measured, 2 predicted"
	is "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["predicted_sys_writes"] != "" && $c["predicted_sys_writes"] != $c["writes"] { print $1 }' j.csv)" "" \
		"predicted write(2) equal the measured writes on every block known (note()'s loop bound is its parameter)"
	is "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } $c["status"] == "not predicted" { print $1 }' j.csv)" "" \
		"no measured block left unpredicted"
else
	skip "no iolens-trace.so or no C compiler" 4
fi

$RUN blocks --source --format=csv "$TOP/t/data/blocks/exit-call.c" > x.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs on exit-call.c"
is "$(row x.csv main:36)" "2,2,2" "exit(0) in main: its flush of log and g at its line"
is "$(col x.csv '[loader]' calls)" "" "... and none under [loader]"
if [ -f "$LIB" ] && command -v cc > /dev/null && cp "$TOP/t/data/blocks/exit-call.c" . &&
	cc -g -O0 -o exitc exit-call.c 2> /dev/null; then
	$RUN trace --stacks -o exitc.it ./exitc 2> /dev/null
	$RUN blocks --source --format=csv exit-call.c exitc.it > k.csv 2> err
	is "$(col k.csv main:36 writes),$(col k.csv main:36 predicted_sys_writes)" 2,2 \
		"the trace: exit's 2 write(2) at the line of exit(0); 2 predicted"
	is "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		($c["predicted_sys_writes"] != "" && $c["predicted_sys_writes"] != $c["writes"]) || $c["status"] == "not predicted" { print $1 }' k.csv)" "" \
		"predicted write(2) equal the measured writes on every block known"
else
	skip "no iolens-trace.so or no C compiler" 2
fi
done_testing
