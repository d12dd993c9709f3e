#!/bin/sh
# An iolens trace (return addresses, no names) of a program deleted
# since: blocks folds its _start with the C start code and names the
# frame glibc's start code called main, one root for main's call sites
# (each was a "prog+0x...()" function, _start's address the root above
# them); joined to the source it says the binary is gone, not that it
# was built without -g (issue 33 D13).
. "$(dirname "$0")/lib.sh"
[ -f "$(dirname "$IOLENS")/iolens-trace.so" ] || skip_all "no tracer library"
command -v cc > /dev/null || skip_all "no C compiler"
cd "$TMP" || exit 1
cat > gone.c << 'END'
#include <fcntl.h>
#include <unistd.h>

static char buf[512];

static void put(int fd)
{
	for (int i = 0; i < 4; i++)
		write(fd, buf, sizeof buf);
}

int main(void)
{
	int fd = open("g.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	put(fd);
	put(fd);
	close(fd);
	return 0;
}
END
cc -g -O0 -o gone gone.c || skip_all "cannot compile"
$RUN trace --stacks -o g.it ./gone 2> /dev/null
rm -f gone
$RUN blocks --format=csv g.it > b.csv 2> err
is "$?:$(grep -c "is gone" err)" "0:1" "blocks: the binary is gone, said"
is "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$c["path"] !~ /;/ { print $c["path"] ":" $c["calls"] }' b.csv | tr '\n' ' ')" "main():10 " \
	"one root, main(), with the run's 10 calls"
is "$(grep -c 'gone+0x' b.csv)" 1 "put()'s return address: one block for its two calls"
if [ -f "$(dirname "$IOLENS")/iolens-code.so" ]; then
	$RUN blocks --source gone.c g.it > j.txt 2> err
	is "$?" 1 "joined to the source: refused"
	is "$(grep -c "is gone since the trace" err),$(grep -c 'build it with -g' err)" "1,0" \
		"... because the binary is gone, not for want of -g"
else
	skip "bin/iolens-code.so is not built" 2
fi
done_testing
