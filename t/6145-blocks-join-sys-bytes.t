#!/bin/sh
# Joined to a trace, the byte error mixed the library's bytes (a
# buffered fwrite's, predicted at its line) with the kernel's (at the
# flush or close that sends them): q18_cxxlog had every write(2) exact
# and "accuracy 40.3 %" (issue 33 D8).  The rows of buffered stdio,
# whose status already takes calls only, are left out of the byte error
# and counted in a line saying why.
. "$(dirname "$0")/lib.sh"
need_code
[ -f "$(dirname "$IOLENS")/iolens-trace.so" ] || skip_all "no tracer library"
command -v cc > /dev/null || skip_all "no C compiler"
cd "$TMP" || exit 1
cat > b.c << 'END'
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

static char row[100];

int main(void)
{
	FILE *f = fopen("b.txt", "w");
	for (int i = 0; i < 10; i++)
		fwrite(row, 1, sizeof row, f);
	fclose(f);
	int fd = open("p.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	write(fd, row, 100);
	write(fd, row, 50);
	close(fd);
	return 0;
}
END
cc -g -O0 -o b b.c && $RUN trace --stacks -o b.it ./b 2> /dev/null || exit 1
$RUN blocks --source b.c b.it > j.txt 2> err
is "$?" 0 "joined"
is "$(grep -o 'accuracy [^)]*' j.txt)" "accuracy 100.0 %" \
	"every call exact: the byte accuracy over the POSIX rows is 100 %"
is "$(grep -c '^(bytes over the blocks whose bytes are system calls.: [0-9]* of buffered stdio left out,$' j.txt)" 1 \
	"... and the buffered rows left out are counted"
done_testing
