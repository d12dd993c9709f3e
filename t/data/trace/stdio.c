/*
 * t/6005: stdio's buffered writes and reads, which the C library makes
 * inside itself: 5,000 fprintf lines, an fputs and 3,000 putc into
 * sio.txt (111,894 bytes), then read back twice, by fgets and by the
 * getc_unlocked macro (223,788 bytes).  The trace must show the writes
 * and reads of the stream's buffer, a buffer (st_blksize) a call.
 */
#include <stdio.h>

int main(void)
{
	char line[256];
	int i, c, n = 0;
	FILE *f = fopen("sio.txt", "w"), *g;

	if (!f)
		return 1;
	for (i = 0; i < 5000; i++)
		fprintf(f, "line %d of the file\n", i);
	fputs("end\n", f);
	for (i = 0; i < 3000; i++)
		putc('x', f);
	if (fclose(f) != 0 || !(g = fopen("sio.txt", "r")))
		return 1;
	while (fgets(line, sizeof(line), g))
		n++;
	rewind(g);
	while ((c = getc_unlocked(g)) != EOF)
		n++;
	fclose(g);
	printf("%d\n", n);
	return 0;
}
