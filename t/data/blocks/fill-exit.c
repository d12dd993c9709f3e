/* t/6059: writes that fill a FILE *'s buffer exactly, then no flush:
 * exit() sends the full buffer after main returns (under [loader]), so
 * the loops make no write(2): main's own stream, and one a function
 * leaves open (once a call). */
#include <stdio.h>

static char b[4096];

static void keep(void)
{
	FILE *k = fopen("fill-exit2.out", "w");
	int i;

	for (i = 0; i < 4; i++)
		fwrite(b, 1, 1024, k);
}

int main(void)
{
	FILE *f = fopen("fill-exit.out", "w");
	int i;

	for (i = 0; i < 8; i++)
		fwrite(b, 1, 512, f);
	keep();
	keep();
	return 0;
}
