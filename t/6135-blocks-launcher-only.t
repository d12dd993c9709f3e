#!/bin/sh
# blocks --source joined to a trace that holds only a launcher's calls
# (mpirun that failed before it started a rank: run as root without
# --allow-run-as-root): the program did not run, which is said, not that
# its binary lacks -g (it said "none of its 138 calls has a source line
# (the binary has no debugging information ...)"; issue 33 D8).  A C
# program named mpirun stands for the launcher.
. "$(dirname "$0")/lib.sh"
need_code
command -v cc > /dev/null || skip_all "no C compiler"
cd "$TMP" || exit 1
cat > launch.c << 'END'
#include <fcntl.h>
#include <unistd.h>
int main(void)
{
	char b[64];
	int fd = open("hostfile", O_RDONLY | O_CREAT, 0644);
	read(fd, b, sizeof b);
	close(fd);
	return 1;
}
END
cp "$TOP/t/data/blocks/one-write.c" prog.c || exit 1
mkdir bin && cc -g -O0 -o bin/mpirun launch.c || skip_all "cannot compile"
msg="^iolens blocks: cannot join the trace to the sources: the trace holds only \[launcher: mpirun\] calls ([0-9]*): the program did not run$"
check() {
	$RUN blocks --source prog.c "$1" > out 2> err
	is "$?:$(wc -l < err | tr -d ' ')" "1:1" "$2: exit 1, one line"
	grep -q "$msg" err
	ok $? "$2: the program did not run"
}
if [ -f "$(dirname "$IOLENS")/iolens-trace.so" ]; then
	$RUN trace --stacks -o l.it ./bin/mpirun 2> /dev/null
	check l.it "iolens trace"
else
	skip "no tracer library" 2
fi
if have_strace_k &&
	[ -z "${SANITIZE:-}" ]; then
	strace -f -k -tt -T -o l.st ./bin/mpirun 2> /dev/null
	check l.st "strace -f -k"
else
	skip "no strace with -k" 2
fi
done_testing
