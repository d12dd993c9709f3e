/* t/6125: a stream flushed under a branch on the loop's counter: odd()
 * flushes after i = 1, 3, 5 of 7 iterations, so the last one's 300 B
 * is left for the fclose (3 write(2) in the loop, 1 at the fclose);
 * even() flushes after i = 1, 3, 5, 7 of 8, the last iteration too,
 * and its fclose has nothing left. */
#include <stdio.h>

static char rec[1000];

static void odd(void)
{
	FILE *g = fopen("fl1.out", "w");
	int i;

	if (!g)
		return;
	for (i = 0; i < 7; i++) {
		fwrite(rec, 1, 300, g);
		if (i % 2)
			fflush(g);
	}
	fclose(g);
}

static void even(void)
{
	FILE *g = fopen("fl2.out", "w");
	int i;

	if (!g)
		return;
	for (i = 0; i < 8; i++) {
		fwrite(rec, 1, 300, g);
		if (i % 2)
			fflush(g);
	}
	fclose(g);
}

int main(void)
{
	odd();
	even();
	return 0;
}
