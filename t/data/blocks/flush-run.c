/* t/6049: a FILE *'s runs of writes, each ended by a fflush or fclose:
 * glibc sends a full buffer only when the next byte comes, so writes
 * that fill the buffer exactly leave it to the flush (main's 8 fwrite
 * of 512 B and put()'s: one write(2) each, at the fflush), and a run's
 * rest does not add to the next run's. */
#include <stdio.h>

static char b[4096];

static void put(FILE *f)
{
	int i;

	for (i = 0; i < 8; i++)
		fwrite(b, 1, 512, f);
	fflush(f);
}

int main(void)
{
	FILE *f = fopen("run.out", "w");
	int i, j;

	for (i = 0; i < 8; i++)
		fwrite(b, 1, 512, f);
	fflush(f);
	put(f);
	for (i = 0; i < 4; i++) {
		for (j = 0; j < 3; j++)
			fwrite(b, 1, 1800, f);
		fflush(f);
	}
	for (i = 0; i < 3; i++)
		fwrite(b, 1, 3000, f);
	fclose(f);
	return 0;
}
