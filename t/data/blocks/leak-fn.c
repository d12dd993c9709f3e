/* t/6048: streams left open by functions other than main, which exit()
 * flushes after main returns (the trace's root [loader]): report()'s,
 * once a call (4 calls), and main's log, which open_log() returns. */
#include <stdio.h>

static char b[4096];

static void report(int n)
{
	FILE *r = fopen("report.out", "w");
	int i;

	for (i = 0; i < n; i++)
		fwrite(b, 1, 100, r);
}

static FILE *open_log(void)
{
	FILE *f = fopen("log.out", "w");

	fwrite(b, 1, 10, f);
	return f;
}

int main(void)
{
	FILE *log = open_log();
	int i;

	report(5);
	for (i = 0; i < 3; i++)
		report(2);
	fwrite(b, 1, 20, log);
	return 0;
}
