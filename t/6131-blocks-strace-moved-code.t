#!/bin/sh
# An strace -k trace copied after a rebuild that moved code inside the
# functions but kept their names: strace's "main+0x26" frames put the
# functions elsewhere than the binary's symbols now are, so blocks
# refuses it (exit 1, one line naming both offsets) where it read the
# old build's addresses through the new build's lines and exited 0
# (issue 33 D5).  The trace as strace wrote it, binary unchanged, joins.
. "$(dirname "$0")/lib.sh"
need_strace_k
cd "$TMP" || exit 1
prog() {
	cat << END
#include <fcntl.h>
#include <unistd.h>

static char buf[4096];

static void first(int fd)
{
	$1
	for (int i = 0; i < 5; i++)
		write(fd, buf, 4096);
}

int main(void)
{
	int fd = open("p.dat", O_CREAT | O_RDWR | O_TRUNC, 0644);
	first(fd);
	close(fd);
	return 0;
}
END
}
prog "" > p.c && cc -g -O0 -o p p.c || exit 1
strace -f -k -tt -T -o p.st ./p || exit 1
$RUN blocks p.st > /dev/null 2> err
is "$?:$(grep -c 'changed since' err)" "0:0" "as traced: no refusal"
prog "buf[0] = 1; buf[1] = 2;" > p.c && cc -g -O0 -o p p.c || exit 1
cp p.st copy.st
$RUN blocks copy.st > out 2> err
is "$?:$(wc -l < err | tr -d ' '):$(wc -c < out | tr -d ' ')" "1:1:0" \
	"copied after the rebuild: exit 1, one line, no table"
grep -q "^iolens blocks: cannot attribute 'copy.st': '.*/p' changed since it was traced: the trace names \([a-z]*\)+0x[0-9a-f]* where the binary now has \1+0x[0-9a-f]*, its functions and lines would be the new build's: trace it again$" err
ok $? "the line names a function at both offsets"
done_testing
