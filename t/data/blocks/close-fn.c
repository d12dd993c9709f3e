/* t/6054: a stream main opens and writes, given to a helper that
 * closes it: what main left in the buffer goes out at the helper's
 * fclose, not at exit. */
#include <stdio.h>

static char b[4096];

static void finish(FILE *f)
{
	fwrite(b, 1, 10, f);
	fclose(f);
}

int main(void)
{
	FILE *f = fopen("close-fn.out", "w");
	FILE *g = fopen("close-fn2.out", "w");

	fwrite(b, 1, 100, f);
	finish(f);
	fwrite(b, 1, 200, g);
	finish(g);
	return 0;
}
