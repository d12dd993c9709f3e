/* Round 107 (labels107): astronomy image stacking. "mk DIR N" writes N FITS-like frames (2880-B header of
 * 80-char cards + 512x512 float32); "stack DIR N OUT" has each rank read its N/size frames through stdio (as
 * cfitsio's file driver does), sigma-clip them into a running sum, MPI_Reduce to rank 0, which writes the stack. */
#include <mpi.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define NX 512
#define NPIX (NX * NX)
#define HDR 2880

static void header(char *h, int i)
{
	char card[81];
	memset(h, ' ', HDR);
	snprintf(card, sizeof card, "SIMPLE = T BITPIX = -32 NAXIS1 = %d NAXIS2 = %d FRAME = %d", NX, NX, i);
	memcpy(h, card, strlen(card));
	memcpy(h + 80 * 35, "END", 3);
}

static void mk(const char *dir, int n)
{
	static float img[NPIX];
	char h[HDR], path[512];
	srand(107);
	for (int i = 0; i < n; i++) {
		for (int p = 0; p < NPIX; p++)
			img[p] = 100.0f + (float)(rand() % 1000) / 50.0f + (p % 9973 == i ? 5000.0f : 0.0f);
		snprintf(path, sizeof path, "%s/frame%03d.fits", dir, i);
		FILE *f = fopen(path, "wb");
		header(h, i);
		fwrite(h, 1, HDR, f);
		fwrite(img, sizeof img[0], NPIX, f);
		fclose(f);
	}
}

/* Several clipping passes over the frame: the compute an actual stacker spends per frame. */
static void clip_add(const float *img, double *sum, int passes)
{
	double mu = 0, sd = 0;
	for (int p = 0; p < NPIX; p++) mu += img[p];
	mu /= NPIX;
	for (int k = 0; k < passes; k++) {
		double s2 = 0;
		for (int p = 0; p < NPIX; p++) s2 += (img[p] - mu) * (img[p] - mu) * (1.0 + 1e-9 * k);
		sd = sqrt(s2 / NPIX);
	}
	for (int p = 0; p < NPIX; p++) sum[p] += fabs(img[p] - mu) > 5 * sd ? mu : img[p];
}

int main(int argc, char **argv)
{
	if (argc >= 4 && !strcmp(argv[1], "mk")) { mk(argv[2], atoi(argv[3])); return 0; }
	MPI_Init(&argc, &argv);
	int rank, size, n = atoi(argv[3]), passes = argc > 5 ? atoi(argv[5]) : 40;
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	static float img[NPIX];
	static double sum[NPIX], tot[NPIX];
	char h[HDR], path[512];
	for (int i = rank; i < n; i += size) {
		snprintf(path, sizeof path, "%s/frame%03d.fits", argv[2], i);
		FILE *f = fopen(path, "rb");
		if (!f || fread(h, 1, HDR, f) != HDR || fread(img, sizeof img[0], NPIX, f) != NPIX) MPI_Abort(MPI_COMM_WORLD, 1);
		fclose(f);
		clip_add(img, sum, passes);
	}
	MPI_Reduce(sum, tot, NPIX, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (rank == 0) {
		for (int p = 0; p < NPIX; p++) img[p] = (float)(tot[p] / n);
		FILE *f = fopen(argv[4], "wb");
		header(h, -1);
		fwrite(h, 1, HDR, f);
		fwrite(img, sizeof img[0], NPIX, f);
		fclose(f);
	}
	MPI_Finalize();
	return 0;
}
