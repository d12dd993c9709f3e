/* t/6070: a helper that closes, flushes or keeps the stream it is given
 * by a parameter each call site fixes: the site's arm alone (fin(f, 3)
 * closes f, fin(g, 1) flushes g, put(h, 0) keeps h), so that each
 * flush's write(2) is where the call sends it and exit() has none. */
#include <stdio.h>

static char b[4096];

static void fin(FILE *a, int k)
{
	fwrite(b, 1, 10, a);
	if (k == 0)
		fclose(a);
	else if (k == 1)
		fflush(a);
	else
		fclose(a);
}

static void put(FILE *a, int done)
{
	fwrite(b, 1, 20, a);
	if (done)
		fclose(a);
}

int main(void)
{
	FILE *f = fopen("param-close1.out", "w");
	FILE *g = fopen("param-close2.out", "w");
	FILE *h = fopen("param-close3.out", "w");

	fin(f, 3);
	fin(g, 1);
	fwrite(b, 1, 5, g);
	fclose(g);
	put(h, 0);
	put(h, 1);
	return 0;
}
