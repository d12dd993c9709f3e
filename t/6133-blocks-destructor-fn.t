#!/bin/sh
# blocks --source joined to a trace of a program with
# __attribute__((destructor)) and ((constructor)) functions: the C
# runtime calls each once a process, as it calls main, so their constant
# I/O is predicted over the run (it was unknown: no call site in the
# sources; issue 33 D3).  On iolens trace's and strace -f -k's traces.
. "$(dirname "$0")/lib.sh"
need_code
[ -f "$(dirname "$IOLENS")/iolens-trace.so" ] || skip_all "no tracer library"
command -v cc > /dev/null || skip_all "no C compiler"
cd "$TMP" || exit 1
cat > d.c << 'END'
#include <fcntl.h>
#include <unistd.h>

static char buf[1024];

__attribute__((constructor)) static void init(void)
{
	int fd = open("d.ini", O_CREAT | O_WRONLY | O_TRUNC, 0644);
	write(fd, buf, 100);
	close(fd);
}

__attribute__((destructor)) static void fini(void)
{
	int fd = open("d.fin", O_CREAT | O_WRONLY | O_TRUNC, 0644);
	write(fd, buf, 512);
	write(fd, buf, 512);
	close(fd);
}

int main(void)
{
	int fd = open("d.dat", O_CREAT | O_WRONLY | O_TRUNC, 0644);
	write(fd, buf, 10);
	close(fd);
	return 0;
}
END
cc -g -O0 -o d d.c || skip_all "cannot compile"
$RUN trace --stacks -o d.it ./d 2> /dev/null

check() {
	$RUN blocks --source --format=csv d.c "$1" > j.csv 2> err
	is "$?:$(cat err)" "0:" "$2: joined"
	is "$(block_col j.csv fini predicted_calls),$(block_col j.csv fini predicted_bytes_written)" \
		"4,1024" "$2: fini(): open, 2 writes of 512 B, close, once"
	is "$(block_col j.csv init predicted_calls),$(block_col j.csv init predicted_bytes_written)" \
		"3,100" "$2: init(): open, a write of 100 B, close, once"
	is "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["status"] != "exact" { print $1 ":" $c["status"] }' j.csv | tr '\n' ' ')" "" \
		"$2: every block exact"
}
check d.it "iolens trace"
if command -v strace > /dev/null && strace -f -k -tt -T -o d.st ./d 2> /dev/null; then
	check d.st "strace -f -k"
else
	skip "no strace" 4
fi
done_testing
