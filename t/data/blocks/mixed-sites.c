/* t/6068: one function called with the same stream twice at one call
 * site and two different streams at another: each site's rows follow
 * its own arguments (one buffer: the second fflush finds it empty; two
 * buffers: two write(2)). */
#include <stdio.h>

static char b[4096];

static void pair(FILE *a, FILE *c)
{
	fwrite(b, 1, 10, a);
	fwrite(b, 1, 10, c);
	fflush(a);
	fflush(c);
}

int main(void)
{
	FILE *f = fopen("mixed1.out", "w");
	FILE *g = fopen("mixed2.out", "w");

	pair(f, f);
	pair(f, g);
	fclose(f);
	fclose(g);
	return 0;
}
