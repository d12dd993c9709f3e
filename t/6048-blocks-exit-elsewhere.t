#!/bin/sh
# blocks --source: exit()'s flush where a function other than main is
# involved (issue 33).  A FILE * a function opens, writes and leaves
# open (neither closed, returned nor stored) is flushed by exit() after
# main returns, which a trace folds into the root [loader]: one write(2)
# for each call of that function (t/data/blocks/leak-fn.c: report()
# called 4 times, and main's log that open_log() returns).  exit() called
# in a function main calls unconditionally flushes at its line, where a
# trace has them: that function's streams, main's written ones not given
# to it, the global ones and what functions left open; nothing is left
# for [loader] (t/data/blocks/exit-fn.c).  Both traced, and the traces'
# writes checked against strace's.
. "$(dirname "$0")/lib.sh"
need_code
cd "$TMP" || exit 1
col() { block_col "$@"; }
# blocks whose predicted write(2) are known and not the measured, or
# measured and not predicted
wrong() {
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		($c["predicted_sys_writes"] != "" && $c["predicted_sys_writes"] != $c["writes"]) ||
		$c["status"] == "not predicted" { print $1 }' "$1"
}
LIB=$(dirname "$IOLENS")/iolens-trace.so
traced() { # program: built, traced into P.it, strace's write count in P.n
	[ -f "$LIB" ] && command -v cc > /dev/null && cp "$TOP/t/data/blocks/$1.c" . &&
		cc -g -O0 -o "$1" "$1.c" 2> /dev/null || return 1
	$RUN trace --stacks -o "$1.it" "./$1" 2> /dev/null
	if command -v strace > /dev/null && strace -f -o "$1.st" -e trace=write "./$1" 2> /dev/null; then
		grep -c 'write(' "$1.st" > "$1.n"
	fi
	return 0
}

# ---- a stream left open by another function ----
$RUN blocks --source --format=csv "$TOP/t/data/blocks/leak-fn.c" > l.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs on leak-fn.c"
is "$(col l.csv '[loader]' sys_writes)" 5 "[loader]: report()'s stream 4 times, main's log once"
$RUN blocks --source "$TOP/t/data/blocks/leak-fn.c" > l.txt
grep -q "^function \[loader\] .*leak-fn.c:0: calls 5, writes 5, " l.txt
ok $? "text: [loader] of 5 calls, 5 writes"
if traced leak-fn; then
	$RUN blocks --source --format=csv leak-fn.c leak-fn.it > lj.csv 2> err
	is "$?:$(cat err)" "0:" "joined to its trace"
	is "$(col lj.csv '[loader]' writes),$(col lj.csv '[loader]' predicted_sys_writes),$(col lj.csv '[loader]' status)" \
		"5,5,calls exact" "[loader]: 5 writes measured, 5 predicted"
	is "$(wrong lj.csv)" "" "predicted write(2) equal the measured writes on every block known"
	if [ -f leak-fn.n ]; then
		is "$(cat leak-fn.n)" 5 "strace: the kernel saw the 5 writes"
	else
		skip "no strace" 1
	fi
else
	skip "no iolens-trace.so or no C compiler" 4
fi

# ---- exit() in a function main calls ----
$RUN blocks --source --format=csv "$TOP/t/data/blocks/exit-fn.c" > x.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs on exit-fn.c"
is "$(col x.csv finish:23 sys_writes)" 4 "finish's exit(): sum, log, main's out and g"
is "$(col x.csv '[loader]' calls)" "" "... and nothing under [loader]"
is "$(col x.csv die:14 calls)" "" "die()'s exit, under a branch, flushes nothing of its own"
if traced exit-fn; then
	$RUN blocks --source --format=csv exit-fn.c exit-fn.it > xj.csv 2> err
	is "$?:$(cat err)" "0:" "joined to its trace"
	is "$(col xj.csv finish:23 writes),$(col xj.csv finish:23 predicted_sys_writes)" 4,4 \
		"the trace: exit's 4 write(2) at finish's line of exit(); 4 predicted"
	is "$(wrong xj.csv)" "" "predicted write(2) equal the measured writes on every block known"
	if [ -f exit-fn.n ]; then
		is "$(cat exit-fn.n)" "$(col xj.csv main writes)" "strace: the kernel saw main's writes"
	else
		skip "no strace" 1
	fi
else
	skip "no iolens-trace.so or no C compiler" 4
fi
# a C++ method named exit is not the C library's
cat > mexit.cpp << 'EOS'
#include <cstdio>
struct Job { void exit() {} };
int main()
{
	FILE *f = fopen("m.out", "w");
	Job j;

	fwrite("abc", 1, 3, f);
	j.exit();
	return 0;
}
EOS
$RUN blocks --source --format=csv mexit.cpp > m.csv 2> err
is "$?:$(col m.csv main:9 calls):$(col m.csv '[loader]' sys_writes)" "0::1" \
	"Job::exit() flushes nothing: the stream goes out at exit, under [loader]"
done_testing
