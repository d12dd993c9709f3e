/*
 * pgmdiff A.pgm B.pgm MAXFRAC: compare two binary greyscale images (as
 * pdftoppm -gray writes them) and succeed when at most MAXFRAC of the
 * pixels differ by more than a quarter of the grey range.  Used by the
 * report's pixel test; prints the fraction that differs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned char *load(const char *path, int *w, int *h)
{
	FILE *f = fopen(path, "rb");
	unsigned char *p;
	int max;

	if (!f)
		return NULL;
	if (fscanf(f, "P5 %d %d %d", w, h, &max) != 3 || max != 255 ||
	    *w <= 0 || *h <= 0 || *w > 20000 || *h > 20000) {
		fclose(f);
		return NULL;
	}
	fgetc(f);
	p = malloc((size_t)*w * (size_t)*h);
	if (p && fread(p, 1, (size_t)*w * (size_t)*h, f) !=
			 (size_t)*w * (size_t)*h) {
		free(p);
		p = NULL;
	}
	fclose(f);
	return p;
}

int main(int argc, char **argv)
{
	int wa, ha, wb, hb;
	unsigned char *a, *b;
	size_t i, n, bad = 0;
	double frac;

	if (argc != 4)
		return 2;
	a = load(argv[1], &wa, &ha);
	b = load(argv[2], &wb, &hb);
	if (!a || !b || wa != wb || ha != hb) {
		printf("images differ in size or cannot be read\n");
		return 1;
	}
	n = (size_t)wa * (size_t)ha;
	for (i = 0; i < n; i++)
		if (abs((int)a[i] - (int)b[i]) > 64)
			bad++;
	frac = (double)bad / (double)n;
	printf("%.5f of the pixels differ\n", frac);
	free(a);
	free(b);
	return frac <= atof(argv[3]) ? 0 : 1;
}
