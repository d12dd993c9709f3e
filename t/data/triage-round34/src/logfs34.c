/* Round 34's logger: NLINE log lines of about 100 bytes appended to one file with fprintf, each followed by
 * fflush+fsync ("each", as a cautious service log does) or one fsync at the end ("end"). Between lines a
 * little compute (SPIN iterations) stands for the program's own work. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static double work(long spin, long i)
{
	double x = (double)i;
	for (long k = 0; k < spin; k++)
		x = x * 1.0000001 + 0.5 / (1.0 + (double)k);
	return x;
}

int main(int argc, char **argv)
{
	if (argc != 5) {
		fprintf(stderr, "usage: logfs34 FILE NLINE SPIN each|end\n");
		return 2;
	}
	long n = atol(argv[2]), spin = atol(argv[3]);
	int each = strcmp(argv[4], "each") == 0;
	FILE *f = fopen(argv[1], "a");
	if (!f) {
		perror("logfs34");
		return 1;
	}
	for (long i = 0; i < n; i++) {
		fprintf(f, "2026-11-30T05:20:%02ld step %06ld value %.6e status ok %s\n", i % 60, i, work(spin, i),
			"................");
		if (each && (fflush(f) != 0 || fsync(fileno(f)) != 0))
			return 1;
	}
	if (fflush(f) != 0 || fsync(fileno(f)) != 0)
		return 1;
	return fclose(f) != 0;
}
