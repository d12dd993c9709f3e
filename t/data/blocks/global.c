/* t/6055: streams kept in global variables: opened in one function
 * (a local stored in the global, or the global assigned), written in
 * others through the global, one closed in a function, one flushed by
 * main after the last call of a function that names it (nothing left
 * for exit), two left for exit() to flush after main returns, one of
 * them stored by main itself. */
#include <stdio.h>

static FILE *out;
static FILE *log_f;
static FILE *trace_f;
static FILE *err_f;
static char b[4096];

static void open_all(void)
{
	FILE *f = fopen("global.log", "w");

	fputs("start\n", f);
	log_f = f;
	out = fopen("global.out", "w");
	err_f = fopen("global.err", "w");
}

static void put(int n)
{
	int i;

	for (i = 0; i < n; i++)
		fwrite(b, 1, 1000, out);
	fwrite(b, 1, 10, log_f);
	fwrite(b, 1, 10, trace_f);
	fwrite(b, 1, 10, err_f);
}

static void done(void)
{
	fclose(out);
}

static void note(void)
{
	fputs("done\n", log_f);
}

int main(void)
{
	FILE *t = fopen("global.trace", "w");

	trace_f = t;
	fwrite(b, 1, 10, t);
	open_all();
	put(3);
	put(5);
	done();
	fflush(err_f);
	note();
	return 0;
}
