/* Round 126 (labels126): a geography lab's serial terrain tool (not MPI).
 *   dem126 N MODE IN OUT   slope of an N^2 float32 DEM (row-major) written as N^2 float32; MODE col: column by
 *                          column, a pread of 4 B a pixel (a Fortran habit on a row-major file); MODE rows: 64-row
 *                          block reads, the whole grid in memory */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

static double slope(float a, float b, float c, float d)
{
	double dx = (b - a) / 60.0, dy = (d - c) / 60.0;
	return atan(sqrt(dx * dx + dy * dy)) * 57.29577951308232;
}

static void dem_col(int fd, int n, float *out)
{
	float *c[3];
	for (int k = 0; k < 3; k++)
		c[k] = malloc(n * sizeof(float));
	for (int x = 0; x < n; x++) {
		float *t = c[0];
		c[0] = c[1], c[1] = c[2], c[2] = t;
		for (int y = 0; y < n; y++)
			if (pread(fd, &c[2][y], 4, ((off_t)y * n + x) * 4) != 4)
				c[2][y] = 0;
		if (x >= 2)
			for (int y = 1; y < n - 1; y++)
				out[(size_t)y * n + x - 1] = slope(c[0][y], c[2][y], c[1][y - 1], c[1][y + 1]);
	}
	for (int k = 0; k < 3; k++)
		free(c[k]);
}

static void dem_rows(int fd, int n, float *out)
{
	float *z = malloc((size_t)n * n * sizeof(float));
	for (int y = 0; y < n; y += 64) {
		int m = y + 64 <= n ? 64 : n - y;
		if (pread(fd, z + (size_t)y * n, (size_t)m * n * 4, (off_t)y * n * 4) != (ssize_t)m * n * 4)
			memset(z + (size_t)y * n, 0, (size_t)m * n * 4);
	}
	for (int y = 1; y < n - 1; y++)
		for (int x = 1; x < n - 1; x++) {
			size_t k = (size_t)y * n + x;
			out[k] = slope(z[k - 1], z[k + 1], z[k - n], z[k + n]);
		}
	free(z);
}

static int dem(int n, const char *mode, const char *in, const char *outp)
{
	int fd = open(in, O_RDONLY);
	if (fd < 0)
		return 1;
	float *out = calloc((size_t)n * n, sizeof(float));
	if (strcmp(mode, "col") == 0)
		dem_col(fd, n, out);
	else
		dem_rows(fd, n, out);
	close(fd);
	FILE *f = fopen(outp, "wb");
	fwrite(out, sizeof(float), (size_t)n * n, f);
	fclose(f);
	double s = 0;
	for (size_t k = 0; k < (size_t)n * n; k++)
		s += out[k];
	printf("mean slope %.4f deg\n", s / ((double)n * n));
	free(out);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc != 5)
		return 2;
	return dem(atoi(argv[1]), argv[2], argv[3], argv[4]);
}
