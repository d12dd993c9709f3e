#include <stdio.h>
static char buf[1 << 20];
static char big[65536];
int main(void)
{
	FILE *f = fopen("a", "w");
	FILE *g = fopen("b", "w");
	FILE *h = fopen("c", "w");
	FILE *r = fopen("d", "r");
	int i;

	setvbuf(g, big, _IOFBF, sizeof(big));
	setvbuf(h, NULL, _IONBF, 0);
	for (i = 0; i < 1000; i++)
		fwrite(buf, 1, 100, f);
	for (i = 0; i < 1000; i++)
		fwrite(buf, 1, 100, g);
	for (i = 0; i < 10; i++)
		fwrite(buf, 1, 100, h);
	fwrite(buf, 1, 1 << 20, f);
	for (i = 0; i < 5; i++) {
		fputs("x\n", f);
		fflush(f);
	}
	for (i = 0; i < 1000; i++)
		fread(buf, 1, 100, r);
	fprintf(f, "%d\n", i);
	fclose(f);
	fclose(g);
	fclose(h);
	fclose(r);
	return 0;
}
