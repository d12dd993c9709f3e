/* t/6058: writes that fill a setvbuf buffer of 1000 B (no power of
 * two) exactly before a fflush: the loop of 10 fwrite of 100 B makes
 * no write(2), the fflush one; 30 more make 2 and the fclose one. */
#include <stdio.h>

static char b[4096];
static char buf[1000];

int main(void)
{
	FILE *f = fopen("sv.out", "w");
	int i;

	setvbuf(f, buf, _IOFBF, sizeof(buf));
	for (i = 0; i < 10; i++)
		fwrite(b, 1, 100, f);
	fflush(f);
	for (i = 0; i < 30; i++)
		fwrite(b, 1, 100, f);
	fclose(f);
	return 0;
}
