/* t/6051: main gives its written stream to finish() twice in one call,
 * and finish() exits: one stream given, not two (counted twice, main's
 * streams not given came to 0 - 1, 4 billion flushes at exit). */
#include <stdio.h>
#include <stdlib.h>

static void finish(FILE *a, FILE *b)
{
	fputs("a", a);
	fputs("b", b);
	exit(0);
}

int main(void)
{
	FILE *out = fopen("out.out", "w");

	fputs("x", out);
	finish(out, out);
	return 1;
}
