/* t/6073: two streams written in turns, 3 x 1000 B each: each buffer
 * (4 KiB) holds its own 3000 B, so no write(2) until each fclose -- in
 * main's loop and in both(), given the two streams; their shares of a
 * buffer summed (6000 B) would say one write(2) too many. */
#include <stdio.h>

static char b[8192];

static void both(FILE *f, FILE *g)
{
	int i;

	for (i = 0; i < 3; i++) {
		fwrite(b, 1, 1000, f);
		fwrite(b, 1, 1000, g);
	}
}

int main(void)
{
	FILE *f = fopen("two-streams1.out", "w");
	FILE *g = fopen("two-streams2.out", "w");
	int i;

	for (i = 0; i < 3; i++) {
		fwrite(b, 1, 1000, f);
		fwrite(b, 1, 1000, g);
	}
	fclose(f);
	fclose(g);
	f = fopen("two-streams3.out", "w");
	g = fopen("two-streams4.out", "w");
	both(f, g);
	fclose(f);
	fclose(g);
	return 0;
}
