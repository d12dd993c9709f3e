#!/bin/sh
# blocks --source on thread entry points (issue 33): the I/O of the start
# routine given to pthread_create(), or to a std::thread with its
# arguments, is predicted under the line that makes the thread, as a
# call (and multiplied by the loops around it); joined to a trace of
# `iolens trace --stacks`, where each thread's I/O is under its start
# routine as a root of its own, the routine's measured I/O is counted at
# that line and the blocks around it up to main, so the two pair exactly.
# A function atexit() registers, which exit() runs, alike.
. "$(dirname "$0")/lib.sh"
need_code
C=$TOP/t/data/blocks/threads.c
X=$TOP/t/data/blocks/threads.cpp
cd "$TMP" || exit 1
# block id -> calls,opens,writes,bytes_written
row() { awk -F, -v b="$2" '$1 == b { print $7 "," $8 "," $10 "," $13 }' "$1"; }

$RUN blocks --source --format=csv "$C" > c.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source on pthread_create runs"
is "$(row c.csv spawn:30:31)" "10,1,8,32768" "pthread_create(.., worker, ..): worker's I/O under its line"
is "$(row c.csv spawn:30)" "40,4,32,131072" "... times the loop of 4 around it"
is "$(row c.csv main)" "43,5,33,131584" "... and in main, which calls spawn()"
$RUN blocks --source "$C" > c.txt
grep -q '^      worker() (a thread.s start)$' c.txt
ok $? "text: the call says it starts a thread"

$RUN blocks --source --format=csv "$X" > x.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source on std::thread runs"
is "$(row x.csv main:25)" "5,1,3,3072" "std::thread t(writer, name, 1024): writer's I/O, its size argument followed"

A=$TOP/t/data/blocks/atexit.c
$RUN blocks --source --format=csv "$A" > a.csv 2> err
is "$(row a.csv main:19)" "2,0,1,100" "atexit(bye): bye's I/O under its line"
$RUN blocks --source "$A" | grep -q '^    bye() (at exit)$'
ok $? "text: the call says exit runs it"

LIB=$(dirname "$IOLENS")/iolens-trace.so
if [ -f "$LIB" ] && command -v cc > /dev/null && command -v c++ > /dev/null &&
	cp "$C" "$X" "$TMP/" && cc -g -O0 -pthread -o tc threads.c 2> /dev/null &&
	c++ -g -O0 -pthread -o tx threads.cpp 2> /dev/null; then
	$RUN trace --stacks -o tc.it ./tc 2> /dev/null
	$RUN trace --stacks -o tx.it ./tx 2> /dev/null
	# block id -> predicted calls, calls, predicted bytes written, written, status
	jrow() { awk -F, -v b="$2" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i }
		$1 == b { print $c["predicted_calls"], $c["calls"], $c["predicted_bytes_written"], $c["bytes_written"], $c["status"] }' "$1"; }
	$RUN blocks --source --format=csv "$TMP/threads.c" tc.it > tcj.csv 2> err
	is "$?:$(cat err)" "0:" "joined to the trace of the threads"
	is "$(jrow tcj.csv worker)" "40 40 131072 131072 exact" "worker(): 4 threads' I/O, predicted and measured"
	is "$(jrow tcj.csv spawn:30:31)" "40 40 131072 131072 exact" "the line that made them: the threads' I/O measured there too"
	is "$(jrow tcj.csv main)" "43 43 131584 131584 exact" "main(): its own and the threads'"
	is "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i } NR > 1 { print $c["status"] }' tcj.csv | sort -u | tr '\n' ' ')" "exact " \
		"every block exact (the status of each row)"
	$RUN blocks --source --format=csv "$TMP/threads.cpp" tx.it > txj.csv 2> err
	is "$(jrow txj.csv main:25)" "5 5 3072 3072 exact" \
		"std::thread: its routine's I/O (under the library's frames) measured at its line"
	is "$(jrow txj.csv writer)" "5 5  3072 calls exact" "... and in writer()"
	cp "$A" . && cc -g -O0 -o ax atexit.c 2> /dev/null && $RUN trace --stacks -o ax.it ./ax 2> /dev/null
	$RUN blocks --source --format=csv "$TMP/atexit.c" ax.it > axj.csv 2> err
	is "$(jrow axj.csv main:19)" "2 2 100 100 exact" "atexit(bye): what exit ran in bye() measured at its line"
	is "$(jrow axj.csv main)" "4 4 150 150 exact" "... and in main()"
else
	skip "no iolens-trace.so or no C/C++ compiler" 9
fi
done_testing
