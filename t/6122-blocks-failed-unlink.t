#!/bin/sh
# An unlink() of a file that is not there (ENOENT) is a call the program
# made: blocks counts it at its line as the source predicts it, on
# iolens trace's and strace -k's traces alike (it counted none, and the
# line and main() "differs"; issue 33 D11).  It changes no file: the
# replay script has no step for it.
. "$(dirname "$0")/lib.sh"
need_code
[ -f "$(dirname "$IOLENS")/iolens-trace.so" ] || skip_all "no tracer library"
command -v cc > /dev/null || skip_all "no C compiler"
cd "$TMP" || exit 1
cat > ul.c << 'END'
#include <fcntl.h>
#include <unistd.h>

int main(void)
{
	unlink("journal.dat");
	int fd = open("journal.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	write(fd, "abc", 3);
	close(fd);
	unlink("journal.dat");
	return 0;
}
END
cc -g -O0 -o ul ul.c || skip_all "cannot compile"
$RUN trace --stacks -o u.it ./ul 2> /dev/null
col() { block_col "$@"; }
check() {
	$RUN blocks --source --format=csv ul.c "$1" > j.csv 2> err
	is "$?:$(cat err)" "0:" "$2: joined"
	is "$(col j.csv main:6 calls),$(col j.csv main:6 status)" "1,exact" "$2: the failed unlink counted at its line"
	is "$(col j.csv main calls),$(col j.csv main status)" "5,exact" "$2: main() 5 calls, exact"
}
check u.it "iolens trace"
if command -v strace > /dev/null && strace -f -k -tt -T -o u.st ./ul 2> /dev/null; then
	check u.st "strace -f -k"
	$RUN replay-script -o u.script u.st > /dev/null 2>&1
	is "$(grep -c '^unlink ' u.script)" 1 "the replay script unlinks once (the unlink that removed the file)"
else
	skip "no strace" 4
fi
done_testing
