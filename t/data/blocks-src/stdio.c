/*
 * stdio with known calls per function: 100 records of 32 bytes, ten
 * formatted lines (sizes the source does not fix), a read loop bounded by
 * the end of the file.  Run as `stdio OUT`.
 */
#include <stdio.h>

#define RECS 100

struct rec {
	double x, y, z;
	int id;
};

static void write_table(FILE *f)
{
	struct rec r = {0, 0, 0, 0};
	int i;

	for (i = 0; i < RECS; i++) {
		r.id = i;
		fwrite(&r, sizeof r, 1, f);
	}
	fflush(f);
}

static void write_text(FILE *f)
{
	int i;

	for (i = 0; i < 10; i++)
		fprintf(f, "line %d\n", i);
	fputs("end\n", f);
}

static size_t read_table(const char *path)
{
	struct rec r;
	size_t n = 0;
	FILE *f = fopen(path, "rb");

	if (!f)
		return 0;
	while (fread(&r, sizeof r, 1, f) == 1)
		n++;
	fclose(f);
	return n;
}

int main(int argc, char **argv)
{
	const char *path = argc > 1 ? argv[1] : "stdio.out";
	FILE *f = fopen(path, "wb");

	if (!f) {
		fprintf(stderr, "cannot open %s\n", path);
		return 1;
	}
	write_table(f);
	write_text(f);
	fclose(f);
	printf("%zu records\n", read_table(path));
	return 0;
}
