/* t/6066: writes to one stream spread across calls: main writes 2000 B,
 * then put() twice writes 3000 B each; the buffer (4 KiB) fills during
 * the first put(), which makes the write(2) of 4096 B; the second
 * leaves 3904 B for the fclose.  Two fwrite of 2048 B fill h's buffer
 * exactly: glibc sends it when the next byte comes, in put(h). */
#include <stdio.h>

static char b[4096];

static void put(FILE *f)
{
	fwrite(b, 1, 3000, f);
}

int main(void)
{
	FILE *f = fopen("fill-calls.out", "w");
	FILE *h;

	fwrite(b, 1, 2000, f);
	put(f);
	put(f);
	fclose(f);
	h = fopen("fill-calls2.out", "w");
	fwrite(b, 1, 2048, h);
	fwrite(b, 1, 2048, h);
	put(h);
	fclose(h);
	return 0;
}
