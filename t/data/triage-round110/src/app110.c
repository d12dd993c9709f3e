/* app110.c: round 110's astronomy survey pipeline steps (labels110), real I/O on FITS-like files
 * (2880-byte blocks, 80-byte ASCII header cards, float32 image data).
 *   app110 mkdata DIR NEXP N          write bias.fits, flat.fits and NEXP exposures of NxN (no Darshan)
 *   app110 calib DIR NEXP WORK CAT    each rank: read bias+flat once (whole header at once), calibrate its
 *                                     exposures (WORK passes of arithmetic), write calibrated frames;
 *                                     CAT=stdio: catalogue rows through a buffered FILE per rank
 *                                     CAT=row: open(O_APPEND)/write/close for every source row
 *                                     CAT=exp: one write(2) of all rows per exposure
 *                                     (optional CATDIR, NSRC: where the catalogue goes, sources an exposure)
 *   app110 recal DIR NEXP WORK STRIP  as calib, but bias+flat re-read for every STRIP-row strip (STRIP=0: once)
 *   app110 coadd DIR NEXP WORK        headers read card by card (80-byte pread until END), data in one read,
 *                                     summed, reduced to rank 0, which writes coadd.fits */
#include <mpi.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BLK 2880
#define CARD 80
#define NSRC 600

static int rank, size;

static void die(const char *what, const char *p) { perror(p); fprintf(stderr, "app110: %s\n", what); MPI_Abort(MPI_COMM_WORLD, 1); }

/* a header of nb blocks: SIMPLE..NAXIS2, filler HISTORY cards, END */
static size_t mkheader(char *h, int n, int nblocks)
{
	size_t len = (size_t)nblocks * BLK; int c = 0;
	memset(h, ' ', len);
	char card[CARD + 1];
	const char *fmt[] = {"SIMPLE  =                    T", "BITPIX  =                  -32", "NAXIS   =                    2"};
	for (int i = 0; i < 3; i++) memcpy(h + CARD * c++, fmt[i], strlen(fmt[i]));
	snprintf(card, sizeof card, "NAXIS1  = %20d", n); memcpy(h + CARD * c++, card, strlen(card));
	snprintf(card, sizeof card, "NAXIS2  = %20d", n); memcpy(h + CARD * c++, card, strlen(card));
	while (c < nblocks * 36 - 1) { snprintf(card, sizeof card, "HISTORY survey pipeline step %d", c); memcpy(h + CARD * c++, card, strlen(card)); }
	memcpy(h + CARD * c, "END", 3);
	return len;
}

static void wfile(const char *p, const char *h, size_t hl, const float *d, size_t n)
{
	int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0) die("open for write", p);
	if (write(fd, h, hl) != (ssize_t)hl || write(fd, d, n * 4) != (ssize_t)(n * 4)) die("write", p);
	close(fd);
}

/* whole header at once: the header length is known to the pipeline (4 blocks) */
static void rframe(const char *p, float *d, size_t n, off_t hl)
{
	char h[4 * BLK];
	int fd = open(p, O_RDONLY);
	if (fd < 0) die("open", p);
	if (pread(fd, h, hl, 0) != hl || pread(fd, d, n * 4, hl) != (ssize_t)(n * 4)) die("read", p);
	close(fd);
}

/* card by card until END, as a naive header parser does */
static off_t rcards(int fd)
{
	char card[CARD]; off_t off = 0;
	for (;;) {
		if (pread(fd, card, CARD, off) != CARD) return -1;
		off += CARD;
		if (!memcmp(card, "END ", 4)) break;
	}
	return (off + BLK - 1) / BLK * BLK;
}

static double work(float *img, size_t n, int passes)
{
	double s = 0;
	for (int p = 0; p < passes; p++)
		for (size_t i = 0; i < n; i++) { img[i] = img[i] * 0.999f + 0.001f * sinf(img[i]); s += img[i]; }
	return s;
}

static void catalogue(const char *dir, const char *mode, int e, float *img, FILE *cf, int nsrc)
{
	char p[512], rows[4 * NSRC * 64]; size_t off = 0;
	snprintf(p, sizeof p, "%s/cat-%d.txt", dir, rank);
	for (int s = 0; s < nsrc; s++) {
		char row[64];
		int l = snprintf(row, sizeof row, "%5d %5d %10.4f %10.4f %12.5e\n", e, s, (s * 37) % 1000 * 0.1, (s * 91) % 1000 * 0.1, (double)img[s * 97]);
		if (!strcmp(mode, "stdio")) fputs(row, cf);
		else if (!strcmp(mode, "row")) {
			int fd = open(p, O_WRONLY | O_CREAT | O_APPEND, 0644);
			if (fd < 0 || write(fd, row, l) != l) die("append row", p);
			close(fd);
		} else { memcpy(rows + off, row, l); off += l; }
	}
	if (!strcmp(mode, "exp")) {
		int fd = open(p, O_WRONLY | O_CREAT | O_APPEND, 0644);
		if (fd < 0 || write(fd, rows, off) != (ssize_t)off) die("append rows", p);
		close(fd);
	}
}

static void calibrate(float *img, const float *b, const float *f, size_t lo, size_t hi)
{
	for (size_t i = lo; i < hi; i++) img[i] = (img[i] - b[i]) / (f[i] > 0.1f ? f[i] : 1.0f);
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &size);
	if (argc < 4) { if (!rank) fprintf(stderr, "usage: see the comment at the top\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	const char *m = argv[1], *dir = argv[2]; int nexp = atoi(argv[3]);
	char p[512], h[4 * BLK];
	if (!strcmp(m, "mkdata")) {
		int n = atoi(argv[4]); size_t np = (size_t)n * n;
		float *d = malloc(np * 4);
		size_t hl = mkheader(h, n, 4);
		for (int e = -2; e < nexp; e++) {
			if ((e + 2) % size != rank) continue;
			for (size_t i = 0; i < np; i++) d[i] = e == -2 ? 100.0f + i % 7 : e == -1 ? 0.9f + (i % 11) * 0.02f : 1000.0f + (float)((i * 2654435761u + e) % 5000);
			if (e == -2) snprintf(p, sizeof p, "%s/bias.fits", dir);
			else if (e == -1) snprintf(p, sizeof p, "%s/flat.fits", dir);
			else snprintf(p, sizeof p, "%s/exp-%04d.fits", dir, e);
			wfile(p, h, hl, d, np);
		}
		MPI_Finalize(); return 0;
	}
	int passes = atoi(argv[4]);
	/* image size from bias.fits's header, read card by card once (setup, not the pattern studied) */
	snprintf(p, sizeof p, "%s/bias.fits", dir);
	int fd = open(p, O_RDONLY); if (fd < 0) die("open", p);
	char hb[BLK]; if (pread(fd, hb, BLK, 0) != BLK) die("read", p); close(fd);
	int n = atoi(hb + CARD * 3 + 10); size_t np = (size_t)n * n; off_t hl = 4 * BLK;
	float *b = malloc(np * 4), *f = malloc(np * 4), *img = malloc(np * 4), *acc = calloc(np, 4);
	double sum = 0;
	if (!strcmp(m, "calib") || !strcmp(m, "recal")) {
		int strip = !strcmp(m, "recal") ? atoi(argv[5]) : 0;
		const char *cat = !strcmp(m, "calib") ? argv[5] : "none";
		char bp[512], fp[512]; snprintf(bp, sizeof bp, "%s/bias.fits", dir); snprintf(fp, sizeof fp, "%s/flat.fits", dir);
		/* the catalogue may live elsewhere (argv[6], e.g. on the shared slow mount); argv[7] sources an exposure */
		const char *cdir = argc > 6 ? argv[6] : dir; int nsrc = argc > 7 ? atoi(argv[7]) : NSRC;
		if (nsrc > 4 * NSRC) nsrc = 4 * NSRC; /* the per-exposure row buffer holds 4*NSRC rows */
		FILE *cf = NULL;
		if (!strcmp(cat, "stdio")) { snprintf(p, sizeof p, "%s/cat-%d.txt", cdir, rank); cf = fopen(p, "w"); }
		if (!strcmp(cat, "row") || !strcmp(cat, "exp")) { snprintf(p, sizeof p, "%s/cat-%d.txt", cdir, rank); unlink(p); }
		rframe(bp, b, np, hl); rframe(fp, f, np, hl);
		for (int e = rank; e < nexp; e += size) {
			snprintf(p, sizeof p, "%s/exp-%04d.fits", dir, e);
			rframe(p, img, np, hl);
			size_t step = strip ? (size_t)strip * n : np;
			for (size_t lo = 0; lo < np; lo += step) {
				/* the bug studied: calibration frames loaded again for every strip */
				if (strip) { rframe(bp, b, np, hl); rframe(fp, f, np, hl); }
				calibrate(img, b, f, lo, lo + step < np ? lo + step : np);
			}
			sum += work(img, np, passes);
			if (strcmp(cat, "none")) catalogue(cdir, cat, e, img, cf, nsrc);
			snprintf(p, sizeof p, "%s/cal-%04d.fits", dir, e);
			wfile(p, h, mkheader(h, n, 4), img, np);
		}
		if (cf) fclose(cf);
	} else if (!strcmp(m, "coadd")) {
		for (int e = rank; e < nexp; e += size) {
			snprintf(p, sizeof p, "%s/exp-%04d.fits", dir, e);
			fd = open(p, O_RDONLY); if (fd < 0) die("open", p);
			off_t dl = rcards(fd);
			if (dl < 0 || pread(fd, img, np * 4, dl) != (ssize_t)(np * 4)) die("read", p);
			close(fd);
			sum += work(img, np, passes);
			for (size_t i = 0; i < np; i++) acc[i] += img[i];
		}
		MPI_Reduce(rank ? acc : MPI_IN_PLACE, acc, (int)np, MPI_FLOAT, MPI_SUM, 0, MPI_COMM_WORLD);
		if (!rank) { snprintf(p, sizeof p, "%s/coadd.fits", dir); wfile(p, h, mkheader(h, n, 4), acc, np); }
	}
	double tot; MPI_Reduce(&sum, &tot, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (!rank) printf("%s: %d exposures, checksum %.6g\n", m, nexp, tot);
	MPI_Finalize(); return 0;
}
