#!/bin/sh
# blocks --source joined to strace -f -k's trace of a program that runs
# another program (system(), as an MPI launcher execs its ranks and
# itself is exec'd): the other programs' library loads are in the
# "[loader]" root, but they ran no main of the sources; main ran in one
# process and the prediction is compared once (it said "main ran in 3
# processes" and every block differed; p10_mpi counted np + 1 ranks;
# issue 33 D1).
. "$(dirname "$0")/lib.sh"
need_code
command -v cc > /dev/null || skip_all "no C compiler"
command -v strace > /dev/null || skip_all "no strace"
cd "$TMP" || exit 1
cat > sy.c << 'END'
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

static char buf[4096];

int main(void)
{
	int fd = open("p.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	for (int i = 0; i < 3; i++)
		write(fd, buf, 100);
	close(fd);
	if (system("cat p.dat > /dev/null") != 0)
		return 1;
	return 0;
}
END
cc -g -O0 -o sy sy.c || skip_all "cannot compile"
strace -f -k -tt -T -o sy.st ./sy 2> /dev/null || skip_all "strace -f -k cannot trace here"
grep -q 'cat' sy.st || skip_all "the shell's exec is not in the trace"
$RUN blocks --source --format=csv sy.c sy.st > j.csv 2> /dev/null
is "$?" 0 "joined"
is "$(block_col j.csv main predicted_calls),$(block_col j.csv main calls)" "5,5" \
	"main(): open, 3 writes, close predicted once, as measured"
is "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$c["status"] != "exact" { print $1 ":" $c["status"] }' j.csv | tr '\n' ' ')" "" \
	"every block exact"
$RUN blocks --source sy.c sy.st > j.txt 2> /dev/null
! grep -q 'main ran in' j.txt
ok $? "no 'main ran in N processes'"
done_testing
