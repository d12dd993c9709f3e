#!/bin/sh
# blocks --source: one fwrite() larger than the buffer into a stream
# nothing used since its fopen is one write(2) in glibc (the whole 4096 B
# blocks sent from the caller's memory, the rest buffered: no buffer yet
# to fill and send first), also in a helper the stream is given to; into
# a stream that holds a byte it is two (the filled buffer, then the
# blocks).  Was 2 for the first helper call (issue 33 D10).
. "$(dirname "$0")/lib.sh"
need_code
cd "$TMP" || exit 1
cat > fw.c << 'END'
#include <stdio.h>

#define N 20000
static char data[N];

static void dump(FILE *f)
{
	fwrite(data, 1, N, f);
}

int main(void)
{
	FILE *f = fopen("dump.dat", "w");
	dump(f);
	fclose(f);
	FILE *g = fopen("dump2.dat", "w");
	fputc('x', g);
	dump(g);
	fclose(g);
	FILE *h = fopen("dump3.dat", "w");
	fwrite(data, 1, N, h);
	fclose(h);
	return 0;
}
END
col() { block_col "$@"; }
$RUN blocks --source --format=csv fw.c > s.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs"
is "$(col s.csv main:14 sys_writes)" 1 "dump() of a fresh stream: one write(2) of 16384 B"
is "$(col s.csv main:18 sys_writes)" 2 "dump() of a stream holding a byte: two"
is "$(col s.csv main:21 sys_writes)" 1 "the same fwrite in main: one"
if [ -f "$(dirname "$IOLENS")/iolens-trace.so" ] && command -v cc > /dev/null &&
	cc -g -O0 -o p fw.c 2> /dev/null; then
	$RUN trace --stacks -o p.it ./p 2> /dev/null
	$RUN blocks --source --format=csv fw.c p.it > j.csv 2> err
	is "$?:$(cat err)" "0:" "joined to its iolens trace"
	is "$(col j.csv main:14 writes)" 1 "the trace: one write(2) at the first dump()"
	is "$(col j.csv dump predicted_sys_writes),$(col j.csv dump writes)" 3,3 "dump(): 1 + 2 over the run"
	is "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["status"] != "exact" && $c["status"] != "calls exact" { print $1 ":" $c["status"] }' j.csv | tr '\n' ' ')" "" \
		"every block exact in calls"
else
	skip "no iolens-trace.so or no C compiler" 4
fi
done_testing
