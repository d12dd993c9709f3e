/* a logger: fprintf of sizes the source does not fix, a fflush every
 * 10 lines, then a config read with fgets to its end (t/6082, t/6083;
 * issue 33 D13, D14) */
#include <stdio.h>

static void run_log(const char *path, int n)
{
	FILE *f = fopen(path, "w");
	int i;

	if (!f)
		return;
	for (i = 0; i < 100; i++) {
		fprintf(f, "step %d of %d: %s\n", i, n, path);
		if (i % 10 == 9)
			fflush(f);
	}
	fclose(f);
}

static int read_config(const char *path)
{
	char line[256];
	FILE *f = fopen(path, "r");
	int n = 0;

	if (!f)
		return -1;
	while (fgets(line, sizeof line, f))
		n++;
	fclose(f);
	return n;
}

int main(void)
{
	FILE *c = fopen("cfg.txt", "w");
	int i;

	if (!c)
		return 1;
	for (i = 0; i < 7; i++)
		fputs("key = value\n", c);
	fclose(c);
	run_log("log.txt", read_config("cfg.txt"));
	return 0;
}
