/* t/6056: one stream given twice to a function that flushes and
 * closes both parameters (finish(out, out)): the fflush sends what the
 * buffer holds, the fclose finds it empty: one write(2), not two. */
#include <stdio.h>

static void finish(FILE *a, FILE *b)
{
	fflush(a);
	fclose(b);
}

int main(void)
{
	FILE *out = fopen("twice.out", "w");

	fputs("x", out);
	finish(out, out);
	return 0;
}
