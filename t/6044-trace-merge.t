#!/bin/sh
# iolens trace's merge (issue 38): the file every traced thread appended
# its lines to is read mapped, each thread's runs of lines merged in time
# order, with no file a thread: a program of many threads is merged under
# a small limit of open files (the merge that wrote a file a thread
# stopped with "Too many open files"), and the merged text is what it was
# (a saved tracer file: markers, costs, stacks, a thread, lines cut short).
. "$(dirname "$0")/lib.sh"
LIB=$(dirname "$IOLENS")/iolens-trace.so
[ -f "$LIB" ] || skip_all "no tracer library beside $IOLENS"
command -v cc > /dev/null || skip_all "no C compiler for the test programs"
cd "$TMP" || exit 1

# 64 threads, one traced call each (a read of no descriptor): no file
# opened by the program, so only the merge needs descriptors
cat > many.c <<'E'
#include <pthread.h>
#include <unistd.h>
static void *one(void *a)
{
	char b;
	(void)a;
	(void)read(-1, &b, 0);
	return 0;
}
int main(void)
{
	pthread_t t[64];
	int i;
	for (i = 0; i < 64; i++)
		pthread_create(&t[i], 0, one, 0);
	for (i = 0; i < 64; i++)
		pthread_join(t[i], 0);
	return 0;
}
E
cc -pthread -o many many.c || skip_all "cc cannot build a threaded program"
(ulimit -n 32 && $RUN trace -o many.trace ./many) > many.out 2> many.err
ok $? "64 threads traced and merged under ulimit -n 32"
grep -q 'calls of 1 process and 64 threads into many.trace' many.err
ok $? "... the calls of 1 process and 64 threads ($(cat many.err))"
is "$(grep -c '^[0-9]* [0-9:.]* read(-1, "", 0) = -1 EBADF <' many.trace)" 64 \
	"... a read line of each thread in the trace"

# a saved tracer file, appended by a command as the tracer appends it
# (a library that does nothing preloaded): what the merge makes of it
printf 'void iolens_test_nothing(void) {}\n' > none.c
cc -shared -fPIC -o none.so none.c || skip_all "cc cannot build a library"
printf '%s\n' \
	'1600000000.000000100 11 #hello 11' \
	'1600000000.000000200 11 openat(AT_FDCWD, "a", O_RDONLY) = 3 <0.000000010>' \
	'1600000000.000000500 11 read(3, "", 4096) = 4096 <0.000000010>@ > /usr/bin/prog() [0x1f]@ > /usr/lib/libc.so.6() [0x20]' \
	'1600000000.000000300 12 write(1, "", 5) = 5 <0.000000010>' \
	'1600000000.000000500 12 close(1) = 0 <0.000000010>' \
	'1600000000.000000700 11 #cost 3 900 0' \
	'1600000000.000000400 11 clone3({flags=CLONE_VM|CLONE_FS|CLONE_FILES|CLONE_SIGHAND|CLONE_THREAD|CLONE_SYSVSEM}, 88) = 12 <0.000000010>' \
	'not a line of the tracer' \
	'1600000000.000000800 11 close(3) = 0 <0.000000010>' \
	'1600000000.000000900 13 #exec 13 /bin/true' \
	'1600086399.999999999 13 write(2, "", 1) = 1 <0.000000001>' |
	tr '@' '\037' > raw
printf '1600000000.000001000 11 write(1, "", 3) = 3 <0.0000' >> raw
IOLENS_TRACE_LIB=$TMP/none.so $RUN trace -o saved.trace sh -c 'cat "$0" >> "$IOLENS_TRACE_DIR/trace"' raw 2> saved.err
ok $? "a saved tracer file merged"
# less the chdir and execve iolens trace writes itself (times of now)
grep -v 'chdir(\|execve("sh"' saved.trace > got
cat > want <<'E'
# iolens-trace 1 (iolens 0.1.0, times UTC) of sh -c cat "$0" >> "$IOLENS_TRACE_DIR/trace" raw
# started 2020-09-13 12:26:40 UTC
# tracer cost: 3 calls, 900 ns
# '/bin/true' ran without the tracer (static or set-user-ID program?): its calls are not in the trace
11 12:26:40.000000200 openat(AT_FDCWD, "a", O_RDONLY) = 3 <0.000000010>
12 12:26:40.000000300 write(1, "", 5) = 5 <0.000000010>
12 12:26:40.000000500 close(1) = 0 <0.000000010>
11 12:26:40.000000500 read(3, "", 4096) = 4096 <0.000000010>
 > /usr/bin/prog() [0x1f]
 > /usr/lib/libc.so.6() [0x20]
11 12:26:40.000000400 clone3({flags=CLONE_VM|CLONE_FS|CLONE_FILES|CLONE_SIGHAND|CLONE_THREAD|CLONE_SYSVSEM}, 88) = 12 <0.000000010>
11 12:26:40.000000800 close(3) = 0 <0.000000010>
13 12:26:39.999999999 write(2, "", 1) = 1 <0.000000001>
E
sed -i "s/(iolens [^,]*, times UTC)/(iolens 0.1.0, times UTC)/" got
diff -u want got > diff.out
ok $? "... line for line as before: each thread's lines in the order written, merged by time, ties as before, frames a line each$(sed 's/^/ # /' diff.out)"
grep -q 'calls of 3 processes and 1 thread into saved.trace (2 lines cut short, left out)$' saved.err
ok $? "... its calls, processes, thread and lines cut short counted ($(tail -1 saved.err))"

done_testing
