/* t/6045: streams still written and open when main returns, which exit()
 * flushes: main's own (log), a global no function closes (g), but not a
 * closed one (done), an unbuffered one (raw) or one flushed last (kept). */
#include <stdio.h>

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
	return 0;
}
