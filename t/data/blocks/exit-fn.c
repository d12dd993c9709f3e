/* t/6048: exit() called in finish(), which main calls last: exit()
 * flushes there, under finish's line of exit(), finish's own stream, the
 * log it was given and wrote, main's out, and the global g; die(),
 * called under a branch that does not run, is not where the run ends. */
#include <stdio.h>
#include <stdlib.h>

static char b[4096];
static FILE *g;

static void die(const char *m)
{
	fputs(m, stderr);
	exit(1);
}

static void finish(FILE *log, int code)
{
	FILE *sum = fopen("sum.out", "w");

	fwrite(b, 1, 30, sum);
	fwrite(b, 1, 10, log);
	exit(code);
}

int main(void)
{
	FILE *log = fopen("log.out", "w");
	FILE *out = fopen("out.out", "w");
	int i;

	if (!out)
		die("cannot open out.out\n");
	g = fopen("g.out", "w");
	for (i = 0; i < 10; i++)
		fwrite(b, 1, 500, out);
	fwrite(b, 1, 7, g);
	finish(log, 0);
	return 1;
}
