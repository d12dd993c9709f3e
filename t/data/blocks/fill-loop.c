/* t/6053: loops whose fwrite fill the stdio buffer exactly, then a
 * fflush after the loop: glibc sends a full buffer only when the next
 * byte comes, so the loop makes no write(2) and the fflush one. */
#include <stdio.h>

static char b[8192];

int main(void)
{
	FILE *f = fopen("fill.out", "w");
	FILE *g = fopen("fill2.out", "w");
	int i, j;

	for (i = 0; i < 4; i++)
		fwrite(b, 1, 1024, f);
	fflush(f);
	for (i = 0; i < 16; i++)
		fwrite(b, 1, 512, f);
	fflush(f);
	for (i = 0; i < 3; i++) {
		for (j = 0; j < 2; j++)
			fwrite(b, 1, 2048, g);
		fflush(g);
	}
	fclose(g);
	fclose(f);
	return 0;
}
