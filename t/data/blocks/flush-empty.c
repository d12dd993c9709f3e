/* t/6057: a fflush of an empty buffer makes no system call: one fwrite
 * and 1000 fflush are one write(2). */
#include <stdio.h>

static char b[4096];

int main(void)
{
	FILE *f = fopen("empty.out", "w");
	int i;

	fwrite(b, 1, 100, f);
	for (i = 0; i < 1000; i++)
		fflush(f);
	fclose(f);
	return 0;
}
