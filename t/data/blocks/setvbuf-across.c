/* t/6042: streams whose buffer a setvbuf in another function sets: a
 * parameter (put's f, 32 KiB from main), a global FILE * (g, 64 KiB in
 * setup()), and a parameter given streams of two buffers (both()). */
#include <stdio.h>

static char big[65536];
static char mine[32768];
static FILE *g;

static void put(FILE *f)
{
	int i;

	for (i = 0; i < 1000; i++)
		fwrite(big, 1, 100, f);
}

static void log_all(void)
{
	int i;

	for (i = 0; i < 1000; i++)
		fwrite(big, 1, 100, g);
}

static void both(FILE *s)
{
	fwrite(big, 1, 100, s);
}

static void setup(void)
{
	g = fopen("g.out", "w");
	setvbuf(g, big, _IOFBF, 65536);
}

int main(void)
{
	FILE *f = fopen("p.out", "w");
	FILE *h = fopen("h.out", "w");

	setvbuf(f, mine, _IOFBF, 32768);
	put(f);
	both(f);
	both(h);
	fclose(f);
	fclose(h);
	setup();
	log_all();
	fclose(g);
	return 0;
}
