/* t/6109: buffered writes in a helper, the caller's fflush after each
 * call: 10 x (5 fwrite of 1000 B, fflush) on f, 10 x (2 x 3 fwrite of
 * 1000 B, fflush) on g.  Each fflush empties the 4096 B buffer, so each
 * batch of 5000 B makes one write(2) in the calls and one at the flush
 * (20 + 20 in all), not 50000 / 4096 = 12 in the calls of f's batches. */
#include <stdio.h>

static char rec[1000];

static void batch(FILE *f, int n)
{
	int j;

	for (j = 0; j < n; j++)
		fwrite(rec, 1, 1000, f);
}

int main(void)
{
	FILE *f = fopen("fb1.out", "w");
	FILE *g = fopen("fb2.out", "w");
	int i;

	if (!f || !g)
		return 1;
	for (i = 0; i < 10; i++) {
		batch(f, 5);
		fflush(f);
	}
	for (i = 0; i < 10; i++) {
		batch(g, 3);
		batch(g, 3);
		fflush(g);
	}
	fclose(f);
	fclose(g);
	return 0;
}
