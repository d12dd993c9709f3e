#!/bin/sh
# strace -k records no build id: a binary written after the trace was
# refused as changed, even rebuilt byte for byte (the same sha1 and build
# id: `make` relinking, or `touch`, lost every strace -k trace; issue 33
# D13).  Every frame strace -k names func+0xOFF is checked against the
# binary (a function moved or renamed is refused, t/6131): where all of
# them are the same functions at the same offsets, the binary is taken
# as the same build, with a warning.  A rebuild whose code moved is
# still refused.
. "$(dirname "$0")/lib.sh"
need_strace_k
command -v cc > /dev/null || skip_all "no C compiler"
cd "$TMP" || exit 1
cat > p.c << 'END'
#include <fcntl.h>
#include <unistd.h>

static char buf[512];

static void put(int fd)
{
	for (int i = 0; i < 3; i++)
		write(fd, buf, sizeof buf);
}

int main(void)
{
	int fd = open("out.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	put(fd);
	close(fd);
	return 0;
}
END
cc -g -O0 -o p p.c || exit 1
strace -f -k -tt -T -o p.st ./p || exit 1
$RUN blocks --format=csv p.st > a.csv 2> err
is "$?" 0 "as traced: accepted"
# the same source built again, written after the trace
cp p p.orig
cc -g -O0 -o p p.c || exit 1
cmp -s p p.orig
ok $? "the rebuild is byte for byte the same"
touch -d "@$(($(date +%s) + 3600))" p
$RUN blocks --format=csv p.st > b.csv 2> err
is "$?:$(grep -c "warning: '$TMP/p' was written after the trace, but the [0-9]* frames strace -k named in it are the same functions at the same offsets" err)" \
	"0:1" "rebuilt the same, newer than the trace: accepted with a warning"
is "$(cat b.csv)" "$(cat a.csv)" "... the same blocks"
# code that moved: put() two calls longer
sed 's/int fd = open/int z = getpid(); (void)z; z = getppid(); (void)z;\n\tint fd = open/' p.c > q.c
sed 's/for (int i = 0/(void)getpid();\n\tfor (int i = 0/' q.c > p2.c
cc -g -O0 -o p p2.c || exit 1
touch -d "@$(($(date +%s) + 3600))" p
$RUN blocks p.st > /dev/null 2> err
is "$?:$(grep -c "changed since it was traced" err)" "1:1" "rebuilt with code moved: refused"
done_testing
