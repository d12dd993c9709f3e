/* t/6054: a stream main opens and writes, given to a helper that
 * closes it: what main left in the buffer goes out at the helper's
 * fclose, not at exit; one given to a helper that flushes it last, left
 * open but empty: nothing for exit either. */
#include <stdio.h>

static char b[4096];

static void finish(FILE *f)
{
	fwrite(b, 1, 10, f);
	fclose(f);
}

static void sync_out(FILE *f)
{
	fwrite(b, 1, 10, f);
	fflush(f);
}

int main(void)
{
	FILE *f = fopen("close-fn.out", "w");
	FILE *g = fopen("close-fn2.out", "w");
	FILE *h;

	fwrite(b, 1, 100, f);
	finish(f);
	fwrite(b, 1, 200, g);
	finish(g);
	h = fopen("close-fn3.out", "w");
	fwrite(b, 1, 300, h);
	sync_out(h);
	return 0;
}
