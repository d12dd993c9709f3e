/* t/6045: exit-flush.c calling exit(), which flushes at its line (a
 * trace has it under main, exit's caller) what main's return left to
 * the root [loader]: main's own log and the global g. */
#include <stdio.h>
#include <stdlib.h>

static char b[4096];
static FILE *g;

static void note(int n)
{
	int i;

	for (i = 0; i < n; i++)
		fwrite(b, 1, 100, g);
}

int main(void)
{
	FILE *log = fopen("log.out", "w");
	FILE *done = fopen("done.out", "w");
	FILE *raw = fopen("raw.out", "w");
	FILE *kept = fopen("kept.out", "w");
	int i;

	g = fopen("g.out", "w");
	setvbuf(raw, NULL, _IONBF, 0);
	for (i = 0; i < 10; i++)
		fwrite(b, 1, 500, log);
	note(7);
	fwrite(b, 1, 10, done);
	fclose(done);
	fwrite(b, 1, 10, raw);
	fwrite(b, 1, 10, kept);
	fflush(kept);
	exit(0);
}
