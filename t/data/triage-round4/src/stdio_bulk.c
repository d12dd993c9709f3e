/* STDIO bulk data: fwrite 256 MiB in 1 MiB blocks, then fread it back
 * twice (a tool that re-reads its input), all through STDIO. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char **argv)
{
	const char *p = argc > 1 ? argv[1] : "bulk.dat";
	size_t n = 1 << 20;
	char *b = malloc(n);
	memset(b, 'x', n);
	FILE *f = fopen(p, "w");
	for (int i = 0; i < 256; i++)
		fwrite(b, 1, n, f);
	fclose(f);
	for (int r = 0; r < 2; r++) {
		f = fopen(p, "r");
		while (fread(b, 1, n, f) == n)
			;
		fclose(f);
	}
	free(b);
	return 0;
}
