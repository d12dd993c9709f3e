/* t/6072: a fflush of an empty buffer makes no system call, however
 * many: one fwrite, then 1,100,000 fflush (more than a write(2) has
 * parts in the prediction's units, 2^20), are one write(2), the first
 * fflush's; then 3 runs of a fwrite and 1,500,000 fflush, 3. */
#include <stdio.h>

static char b[4096];

int main(void)
{
	FILE *f = fopen("flush-many.out", "w");
	long i;
	int k;

	fwrite(b, 1, 100, f);
	for (i = 0; i < 1100000; i++)
		fflush(f);
	for (k = 0; k < 3; k++) {
		fwrite(b, 1, 4000, f);
		for (i = 0; i < 1500000; i++)
			fflush(f);
	}
	fclose(f);
	return 0;
}
