#!/bin/sh
# Two threads fread one FILE* (a pipe) at its end: one read(2) returns
# 0, the first thread's; the second's fread finds the end seen and makes
# no system call (strace shows one read() = 0).  The trace had two: the
# second thread's state of the stream was taken before it waited for the
# stream, the end seen when it ran.  The stream is now held from the
# state before to the state after.  Ordered by /proc (the first thread
# in read(2), the second waiting on a futex), never by time.
. "$(dirname "$0")/lib.sh"
[ -f "$(dirname "$IOLENS")/iolens-trace.so" ] || skip_all "no bin/iolens-trace.so"
command -v cc > /dev/null || skip_all "no C compiler"
[ -r /proc/self/syscall ] || skip_all "no /proc/PID/syscall"
cd "$TMP" || exit 1
cc -g -O0 -pthread -o twoeof "$TOP/t/data/blocks/twoeof.c" || exit 1
$RUN trace -o t.it ./twoeof > fd 2> err
is "$?" 0 "traced"
fd=$(cat fd)
is "$(grep -c "read($fd, \"\", [0-9]*) = 0 " t.it)" 1 \
	"one read(2) = 0 on the pipe, not one a thread"
if command -v strace > /dev/null && [ -z "${SANITIZE:-}" ] &&
	strace -f -e trace=read -o st.txt ./twoeof > /dev/null 2>&1; then
	# the first thread's read, split as "<... read resumed>"
	is "$(grep -cE "(read\($fd, |<\.\.\. read resumed>)\"\", [0-9]+\) *= 0\$" st.txt)" 1 \
		"strace shows one"
else
	skip "no strace" 1
fi
done_testing
