#!/bin/sh
# What iolens trace says at its end (issue 35, section 2): the calls the
# program made, not counting the chdir and execve iolens writes before
# them; processes and threads counted apart (a process, its threads and
# its children); a command not found exits 127 and one found but not
# runnable 126, as a shell's.
. "$(dirname "$0")/lib.sh"
LIB=$(dirname "$IOLENS")/iolens-trace.so
[ -f "$LIB" ] || skip_all "no tracer library beside $IOLENS"
command -v cc > /dev/null || skip_all "no C compiler for the test program"
cd "$TMP" || exit 1

# 1 process, 2 threads (one open and close each), then 1 child (open,
# close): 2 clone3 or clone with CLONE_THREAD, 1 fork
cat > pt.c <<'E'
#include <fcntl.h>
#include <pthread.h>
#include <sys/wait.h>
#include <unistd.h>
static void *one(void *a)
{
	int fd = open("/dev/null", O_RDONLY);
	(void)a;
	close(fd);
	return 0;
}
int main(void)
{
	pthread_t t[2];
	int i, st;
	for (i = 0; i < 2; i++)
		pthread_create(&t[i], 0, one, 0);
	for (i = 0; i < 2; i++)
		pthread_join(t[i], 0);
	if (fork() == 0) {
		one(0);
		_exit(0);
	}
	wait(&st);
	return 0;
}
E
cc -O2 -pthread -o pt pt.c 2> /dev/null || skip_all "cannot build a threaded program"
$RUN trace -o pt.trace ./pt > out 2> err
ok $? "a process, 2 threads, a child: traced"
# the calls in the trace, less the 2 lines iolens wrote before them
n=$(grep -vc '^#' pt.trace)
is "$(grep -c ' chdir(\| execve(' pt.trace)" 2 "the trace has iolens' chdir and execve"
is "$(cat err)" "iolens trace: $((n - 2)) calls of 2 processes and 2 threads into pt.trace" \
	"says the calls traced, 2 processes and 2 threads"

# one process alone: its calls, as many as the single-threaded header's
$RUN trace -o cat.trace cat /dev/null > out 2> err
n=$(grep -vc '^#' cat.trace)
is "$(cat err)" "iolens trace: $((n - 2)) calls of 1 process into cat.trace" "one process: singular, no threads"

# a command that is not there: 127; there but not runnable: 126
$RUN trace -o x.trace no-such-program-here > out 2> err
is "$?" 127 "a command not found: 127"
printf 'data\n' > notexec
$RUN trace -o x.trace ./notexec > out 2> err
is "$?:$(cat err)" "126:iolens trace: cannot run './notexec': Permission denied" "a file not executable: 126"
$RUN trace -o x.trace "$TMP" > out 2> err
is "$?" 126 "a directory: 126"
[ ! -e x.trace ]
ok $? "no trace written"
done_testing
