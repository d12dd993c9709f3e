/* Round 174 (labels174): optical astronomy survey pipeline kernels. FITS images of 1024x1024 float32:
 * a 2880-B header block, then the data padded to a multiple of 2880 B.
 *   app174 gen FILE SEED                    (serial, outside Darshan) make one FITS image
 *   app174 coadd DATA OUT NEXP              every rank reads bias+flat, its NEXP exposures, coadds, writes its
 *                                           tile of OUT/mosaic.fits with MPI_File_write_at_all; rank 0 logs (fprintf)
 *   app174 catfits DATA OUT NEXP            detect sources, catalogue as a FITS binary table (64-B rows) with
 *                                           MPI_File_write_at_all; a metadata JSON per exposure; rank 0 summary CSV
 *   app174 mosaic DATA OUT ROWS strip|row   each rank writes its strip of ROWS image rows (4 KiB each) of the
 *                                           mosaic through POSIX: one pwrite (strip) or one pwrite per row (row)
 *   app174 catflush DATA OUT ROWS flush|buf per-rank catalogue CSV, fprintf a source a row, fflush after each (flush)
 * COMPUTE (env) scales the compute; UNEVEN=1 makes rank r do 1+0.15*(r%4) times the work. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <fcntl.h>
#include <unistd.h>
#define NX 1024
#define NPIX (NX*NX)
#define HDR 2880
static int rank, np;
static double sink;
static long padded(long n) { return (n + HDR - 1) / HDR * HDR; }
static void header(char *h, const char *kind, long n1, long n2)
{
	char card[81]; int k = 0;
	memset(h, ' ', HDR);
#define CARD(...) do { snprintf(card, sizeof card, __VA_ARGS__); memcpy(h + 80 * k++, card, strlen(card)); } while (0)
	if (!strcmp(kind, "image")) {
		CARD("SIMPLE  = %20s", "T"); CARD("BITPIX  = %20d", -32); CARD("NAXIS   = %20d", 2);
	} else {
		CARD("XTENSION= 'BINTABLE'"); CARD("BITPIX  = %20d", 8); CARD("NAXIS   = %20d", 2);
	}
	CARD("NAXIS1  = %20ld", n1); CARD("NAXIS2  = %20ld", n2); CARD("ORIGIN  = 'labels174'"); CARD("END");
}
static void burn(float *a, long n, double f)
{
	const char *c = getenv("COMPUTE"); int it = (int)((c ? atoi(c) : 1) * f);
	if (getenv("UNEVEN")) it = (int)(it * (1 + 0.15 * (rank % 4)));
	for (int k = 0; k < it; k++)
		for (long i = 0; i < n; i += 7) a[i] = sqrtf(fabsf(a[i]) + 1.0f) * 0.999f + sinf(a[i]) * 0.001f;
	for (long i = 0; i < n; i += 4096) sink += a[i];
}
static void read_fits(const char *p, float *buf)
{
	char h[HDR]; int fd = open(p, O_RDONLY);
	if (fd < 0) { perror(p); MPI_Abort(MPI_COMM_WORLD, 1); }
	if (pread(fd, h, HDR, 0) != HDR || pread(fd, buf, NPIX * 4L, HDR) != NPIX * 4L) { perror(p); MPI_Abort(MPI_COMM_WORLD, 1); }
	close(fd);
}
static int gen(const char *p, int seed)
{
	char h[HDR]; float *a = malloc(padded(NPIX * 4L)); memset(a, 0, padded(NPIX * 4L));
	srand(seed); for (long i = 0; i < NPIX; i++) a[i] = 100.0f + (rand() % 1000) * 0.01f;
	header(h, "image", NX, NX);
	FILE *f = fopen(p, "w"); fwrite(h, 1, HDR, f); fwrite(a, 1, padded(NPIX * 4L), f); fclose(f);
	return 0;
}
int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "gen")) return gen(argv[2], atoi(argv[3]));
	MPI_Init(&argc, &argv); MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	const char *mode = argv[1], *data = argv[2], *out = argv[3]; int n = atoi(argv[4]);
	char p[512], h[HDR]; float *img = malloc(NPIX * 4L), *acc = calloc(NPIX, 4);
	if (!strcmp(mode, "coadd")) {
		float *bias = malloc(NPIX * 4L), *flat = malloc(NPIX * 4L); FILE *log = NULL;
		snprintf(p, sizeof p, "%s/bias.fits", data); read_fits(p, bias);
		snprintf(p, sizeof p, "%s/flat.fits", data); read_fits(p, flat);
		if (rank == 0) { snprintf(p, sizeof p, "%s/coadd.log", out); log = fopen(p, "w"); }
		for (int e = 0; e < n; e++) {
			snprintf(p, sizeof p, "%s/exp%02d.fits", data, rank * n + e); read_fits(p, img);
			for (long i = 0; i < NPIX; i++) acc[i] += (img[i] - bias[i]) / (flat[i] + 1.0f);
			burn(acc, NPIX, 1.0);
			if (log) for (int s = 0; s < 50; s++) fprintf(log, "exp %d step %d: background %.4f rms %.4f\n", e, s, acc[s * 97] / (e + 1), sink);
		}
		MPI_File fh; snprintf(p, sizeof p, "%s/mosaic.fits", out);
		MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
		if (rank == 0) {
			long tot = (long)NPIX * 4 * np; char *pad = calloc(HDR, 1);
			header(h, "image", NX, (long)NX * np); MPI_File_write_at(fh, 0, h, HDR, MPI_BYTE, MPI_STATUS_IGNORE);
			MPI_File_write_at(fh, HDR + tot, pad, padded(tot) - tot, MPI_BYTE, MPI_STATUS_IGNORE);
		}
		MPI_File_write_at_all(fh, HDR + (MPI_Offset)rank * NPIX * 4, acc, NPIX * 4, MPI_BYTE, MPI_STATUS_IGNORE);
		MPI_File_close(&fh);
		if (log) { fprintf(log, "mosaic done\n"); fclose(log); }
	} else if (!strcmp(mode, "catfits")) {
		long nsrc = 0, off = 0, tot = 0; char *rows = NULL; FILE *sum = NULL;
		if (rank == 0) { snprintf(p, sizeof p, "%s/summary.csv", out); sum = fopen(p, "w"); fprintf(sum, "exposure,nsrc,seeing,zp\n"); }
		for (int e = 0; e < n; e++) {
			int id = rank * n + e; snprintf(p, sizeof p, "%s/exp%02d.fits", data, id); read_fits(p, img);
			burn(img, NPIX, 1.0);
			long k = 4000 + 700 * ((id * 7) % 5);
			rows = realloc(rows, (nsrc + k) * 64);
			for (long j = 0; j < k; j++) { double *r = (double *)(rows + (nsrc + j) * 64); for (int c = 0; c < 8; c++) r[c] = img[(j * 131 + c) % NPIX] + id; }
			nsrc += k;
			snprintf(p, sizeof p, "%s/meta/exp%02d.json", out, id); FILE *m = fopen(p, "w");
			fprintf(m, "{\"exposure\": %d, \"filter\": \"r\", \"exptime\": 30.0, \"airmass\": %.3f, \"seeing\": %.3f,\n"
				" \"ra\": %.6f, \"dec\": %.6f, \"nsrc\": %ld, \"zeropoint\": %.4f, \"detector\": \"ccd%02d\",\n"
				" \"pipeline\": \"labels174\", \"calib\": [\"bias.fits\", \"flat.fits\"], \"wcs\": [%f, %f, %f, %f]}\n",
				id, 1.1 + 0.01 * id, 0.8 + 0.02 * e, 150.0 + id * 0.2, 2.2 - id * 0.1, k, 27.1 + 0.01 * e, rank, 1e-4, 0.0, 0.0, 1e-4);
			fclose(m);
			long all[2] = {id, k}, g[2 * 64];
			MPI_Gather(all, 2, MPI_LONG, g, 2, MPI_LONG, 0, MPI_COMM_WORLD);
			if (sum) for (int q = 0; q < np; q++) fprintf(sum, "%ld,%ld,%.3f,%.4f\n", g[2 * q], g[2 * q + 1], 0.8 + 0.02 * e, 27.1);
		}
		MPI_Exscan(&nsrc, &off, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD); if (rank == 0) off = 0;
		MPI_Allreduce(&nsrc, &tot, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
		MPI_File fh; snprintf(p, sizeof p, "%s/catalogue.fits", out);
		MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
		if (rank == 0) { header(h, "table", 64, tot); MPI_File_write_at(fh, 0, h, HDR, MPI_BYTE, MPI_STATUS_IGNORE); }
		MPI_File_write_at_all(fh, HDR + off * 64, rows, nsrc * 64, MPI_BYTE, MPI_STATUS_IGNORE);
		MPI_File_close(&fh);
		if (sum) fclose(sum);
	} else if (!strcmp(mode, "mosaic")) {
		int row = !strcmp(argv[5], "row");
		snprintf(p, sizeof p, "%s/exp%02d.fits", data, rank % 16); read_fits(p, img);
		burn(img, NPIX, 1.0);
		snprintf(p, sizeof p, "%s/mosaic.fits", out);
		int fd = open(p, O_CREAT | O_WRONLY, 0644);
		if (rank == 0) { header(h, "image", NX, (long)n * np); pwrite(fd, h, HDR, 0); }
		off_t base = HDR + (off_t)rank * n * NX * 4;
		if (row) for (int r = 0; r < n; r++) pwrite(fd, img + (long)r * NX, NX * 4, base + (off_t)r * NX * 4);
		else pwrite(fd, img, (size_t)n * NX * 4, base);
		close(fd);
	} else if (!strcmp(mode, "catflush")) {
		int fl = !strcmp(argv[5], "flush");
		snprintf(p, sizeof p, "%s/exp%02d.fits", data, rank); read_fits(p, img);
		burn(img, NPIX, 1.0);
		snprintf(p, sizeof p, "%s/cat%02d.csv", out, rank); FILE *f = fopen(p, "w");
		fprintf(f, "id,ra,dec,x,y,flux,flux_err,mag,fwhm,flags\n");
		for (int j = 0; j < n; j++) {
			float *v = img + (long)j * 977 % NPIX;
			fprintf(f, "%d,%.7f,%.7f,%.2f,%.2f,%.3f,%.3f,%.4f,%.3f,%d\n", rank * n + j, 150.0 + v[0] * 1e-4, 2.2 + v[1] * 1e-4,
				(j * 37) % 1024 + 0.5, (j * 91) % 1024 + 0.5, v[2] * 10, sqrtf(v[3]), 25 - log10f(v[2]), 0.8 + v[4] * 1e-3, j % 3);
			if (fl) fflush(f);
		}
		fclose(f);
	}
	if (rank == 0) printf("%s: n %d, %d ranks, sink %.3g\n", mode, n, np, sink);
	MPI_Finalize();
	return 0;
}
