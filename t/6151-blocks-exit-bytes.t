#!/bin/sh
# exit() flushes the streams a program left written: a write(2) each,
# predicted at the exit() line, but of unknown size, so a function whose
# every write is a constant had '?' bytes (issue 33 D8: 2 writes exact,
# bytes '?', truth 550 B).  The bytes such a write(2) sends are the
# stream's, counted where fwrite put them in the buffer: the exit()'s
# writes are 0 B of their own, a buffered row whose bytes a join does
# not compare with the kernel's, so the function's bytes are known.
# (The loader's flush at main's return keeps its own: t/6045.)
. "$(dirname "$0")/lib.sh"
need_code
cd "$TMP" || exit 1
cat > ex.c << 'END'
#include <stdio.h>
#include <stdlib.h>

static FILE *logf;
static char rec[64];

static void leave(FILE *f)
{
	fwrite(rec, 1, 30, f);
	exit(0);
}

int main(void)
{
	logf = fopen("log.txt", "w");
	for (int i = 0; i < 4; i++)
		fwrite(rec, 1, sizeof rec, logf);
	FILE *f = fopen("out.txt", "w");
	fwrite(rec, 1, 120, f);
	leave(f);
	return 1;
}
END
$RUN blocks --source --format=csv ex.c > s.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs"
is "$(block_col s.csv main bytes_written)" 406 "main: 4 x 64 + 120 + 30 B, known"
is "$(block_col s.csv leave bytes_written)" 30 "leave(): its fwrite's 30 B"
is "$(block_col s.csv leave:10 writes):$(block_col s.csv leave:10 bytes_written):$(block_col s.csv leave:10 sys_writes)" 2:0:2 \
	"the exit() line: 2 write(2) of the buffers, 0 B of their own"
$RUN blocks --source ex.c > s.txt 2> err
grep -q "^function main ex.c:13: .*written 406 B, write(2) about 2$" s.txt
ok $? "the text: 406 B, no unknown size"
if [ -f "$(dirname "$IOLENS")/iolens-trace.so" ] && command -v cc > /dev/null &&
	cc -g -O0 -o p ex.c 2> /dev/null; then
	$RUN trace --stacks -o p.it ./p 2> /dev/null
	$RUN blocks --source --format=csv ex.c p.it > j.csv 2> err
	is "$?:$(cat err)" "0:" "joined to its trace"
	is "$(block_col j.csv main bytes_written):$(block_col j.csv main predicted_bytes_written):$(block_col j.csv main status)" \
		406:406:exact "main: the kernel's 406 B predicted, exact"
	is "$(block_col j.csv leave:10 writes):$(block_col j.csv leave:10 status)" "2:calls exact" \
		"the exit() line: its 2 write(2), bytes not compared (the library's)"
else
	skip "no iolens-trace.so or no C compiler" 3
fi
done_testing
