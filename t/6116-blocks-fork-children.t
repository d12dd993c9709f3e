#!/bin/sh
# blocks --source joined to the trace of a program whose main fork()s
# children that run a function and _exit: the children are no runs of
# the program (none exec'd it, as an MPI launcher's ranks are), the
# source's prediction is over the whole run already, and it is compared
# as it is (it was counted once per process: 3 times here, every block
# "differs"; issue 33 D3).  On iolens trace's and strace -f -k's traces.
. "$(dirname "$0")/lib.sh"
need_code
[ -f "$(dirname "$IOLENS")/iolens-trace.so" ] || skip_all "no tracer library"
command -v cc > /dev/null || skip_all "no C compiler"
cd "$TMP" || exit 1
cat > kids.c << 'END'
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

static char buf[4096];

static void child_work(int c)
{
	int fd = open(c ? "c1.dat" : "c0.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	for (int i = 0; i < 8; i++)
		write(fd, buf, sizeof buf);
	fdatasync(fd);
	close(fd);
}

int main(void)
{
	for (int c = 0; c < 2; c++) {
		pid_t pid = fork();
		if (pid == 0) {
			child_work(c);
			_exit(0);
		}
	}
	for (int c = 0; c < 2; c++)
		wait(NULL);
	int fd = open("p.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	write(fd, buf, 100);
	close(fd);
	return 0;
}
END
cc -g -O0 -o kids kids.c || skip_all "cannot compile"
$RUN trace --stacks -o k.it ./kids 2> /dev/null
col() { block_col "$@"; }

check() {
	$RUN blocks --source --format=csv kids.c "$1" > j.csv 2> err
	is "$?:$(cat err)" "0:" "$2: joined"
	is "$(col j.csv main predicted_calls),$(col j.csv main calls)" "25,25" \
		"$2: main(): 2 x (open, 8 writes, fdatasync, close) + 3, predicted over the run"
	is "$(col j.csv child_work predicted_calls),$(col j.csv child_work calls)" "22,22" \
		"$2: child_work(): its two calls' 22, not 66"
	is "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["status"] != "exact" { print $1 ":" $c["status"] }' j.csv | tr '\n' ' ')" "" \
		"$2: every block exact"
	$RUN blocks --source kids.c "$1" > j.txt
	! grep -q 'main ran in' j.txt
	ok $? "$2: no 'main ran in N processes'"
}
check k.it "iolens trace"
if command -v strace > /dev/null && strace -f -k -tt -T -o k.st ./kids 2> /dev/null; then
	check k.st "strace -f -k"
else
	skip "no strace" 5
fi
done_testing
