/* Round 152 (labels152): geospatial raster tiling and GIS batch processing.
 * modes:
 *   mkraster FILE ROWS COLS            write a float32 raster (no Darshan needed)
 *   pyramid  IN ROWS COLS OUT          each rank reads its row strip in 4 MiB reads, builds a 2x2-mean overview,
 *                                      pwrites its overview strip at its offset of OUT in 1 MiB writes
 *   mosaic   DIR NTILES TILEBYTES      rank 0 reads a footprint index (NTILES 96-B records, one pread each) and
 *                                      broadcasts it; every rank reads its tiles whole (one read each), rank 0
 *                                      writes a small VRT (XML) with fprintf
 *   tiles    DIR NTILES TILEBYTES files|pack
 *                                      each rank renders NTILES tiles; files: one file DIR/z/x/y.bin per tile
 *                                      (mkdir per column, open/write/close); pack: tiles appended in memory and
 *                                      written to one archive per rank in 1 MiB writes + an index
 *   window   IN ROWS COLS WIN rows|band
 *                                      zonal statistics over WIN x WIN windows, windows dealt round-robin;
 *                                      rows: each window read one row segment per pread (WIN*4 B);
 *                                      band: each rank reads whole WIN-row bands (one pread) and cuts windows
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>
#include <math.h>
#include <errno.h>

static int rank, np;
static void die(const char *m) { perror(m); MPI_Abort(MPI_COMM_WORLD, 1); }

static void xpwrite(int fd, const void *b, size_t n, off_t o) {
	while (n) { ssize_t w = pwrite(fd, b, n, o); if (w <= 0) die("pwrite"); b = (const char *)b + w; n -= w; o += w; }
}
static void xpread(int fd, void *b, size_t n, off_t o) {
	while (n) { ssize_t r = pread(fd, b, n, o); if (r <= 0) die("pread"); b = (char *)b + r; n -= r; o += r; }
}

static void mkraster(const char *f, long rows, long cols) {
	FILE *fp = fopen(f, "wb"); float *row = malloc(cols * 4);
	for (long r = 0; r < rows; r++) {
		for (long c = 0; c < cols; c++) row[c] = 100.0f * sinf(r * 0.01f) * cosf(c * 0.013f) + 500.0f;
		fwrite(row, 4, cols, fp);
	}
	fclose(fp); free(row);
}

static void pyramid(const char *in, long rows, long cols, const char *out) {
	long strip = rows / np, r0 = rank * strip;
	size_t sb = strip * cols * 4; float *buf = malloc(sb);
	int fd = open(in, O_RDONLY); if (fd < 0) die("open in");
	for (size_t o = 0; o < sb; o += 4 << 20) { size_t n = sb - o < (4u << 20) ? sb - o : 4u << 20; xpread(fd, (char *)buf + o, n, r0 * cols * 4 + o); }
	close(fd);
	long oc = cols / 2, orows = strip / 2; float *ov = malloc(orows * oc * 4);
	for (int pass = 0; pass < 6; pass++)   /* resampling kernel work */
		for (long r = 0; r < orows; r++) for (long c = 0; c < oc; c++) {
			float *p = buf + 2 * r * cols + 2 * c;
			ov[r * oc + c] = 0.25f * (p[0] + p[1] + p[cols] + p[cols + 1]) + pass * 1e-6f * sqrtf(fabsf(p[0]));
		}
	MPI_Barrier(MPI_COMM_WORLD);
	fd = open(out, O_WRONLY | O_CREAT, 0644); if (fd < 0) die("open out");
	size_t ob = orows * oc * 4; off_t base = (off_t)rank * ob;
	for (size_t o = 0; o < ob; o += 1 << 20) { size_t n = ob - o < (1u << 20) ? ob - o : 1u << 20; xpwrite(fd, (char *)ov + o, n, base + o); }
	close(fd);
	MPI_Barrier(MPI_COMM_WORLD);
	free(buf); free(ov);
}

static void mosaic(const char *dir, int nt, size_t tb) {
	char p[512]; double *idx = malloc(nt * 12 * sizeof(double));
	if (rank == 0) {
		snprintf(p, sizeof p, "%s/footprints.idx", dir);
		int fd = open(p, O_RDONLY); if (fd < 0) die("open idx");
		for (int i = 0; i < nt; i++) xpread(fd, idx + 12 * i, 96, (off_t)i * 96);
		close(fd);
	}
	MPI_Bcast(idx, nt * 12, MPI_DOUBLE, 0, MPI_COMM_WORLD);
	float *t = malloc(tb); double s = 0;
	for (int i = rank; i < nt; i += np) {
		snprintf(p, sizeof p, "%s/tile-%03d.raw", dir, i);
		int fd = open(p, O_RDONLY); if (fd < 0) die("open tile");
		xpread(fd, t, tb, 0); close(fd);
		for (int k = 0; k < 3; k++) for (size_t j = 0; j < tb / 4; j++) s += t[j] * idx[12 * i + (j & 3)] * 1e-9 + k;
	}
	double tot; MPI_Reduce(&s, &tot, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (rank == 0) {
		snprintf(p, sizeof p, "%s/mosaic.vrt", dir);
		FILE *fp = fopen(p, "w"); if (!fp) die("vrt");
		fprintf(fp, "<VRTDataset rasterXSize=\"%d\" rasterYSize=\"%d\">\n <VRTRasterBand dataType=\"Float32\" band=\"1\">\n", 4096, 4096);
		for (int i = 0; i < nt; i++)
			fprintf(fp, "  <SimpleSource><SourceFilename relativeToVRT=\"1\">tile-%03d.raw</SourceFilename>"
				"<DstRect xOff=\"%.0f\" yOff=\"%.0f\" xSize=\"1024\" ySize=\"1024\"/></SimpleSource>\n", i, idx[12 * i], idx[12 * i + 1]);
		fprintf(fp, " </VRTRasterBand>\n <!-- checksum %.3f -->\n</VRTDataset>\n", tot);
		fclose(fp);
	}
	free(t); free(idx);
}

static void render(unsigned char *t, size_t tb, int id) {
	for (int k = 0; k < 40; k++) for (size_t j = 0; j < tb; j++) t[j] = (unsigned char)(t[j] * 31 + j * 7 + id + k);
}

static void tiles(const char *dir, int nt, size_t tb, int files) {
	char p[512]; unsigned char *t = calloc(tb, 1); int per_col = 32;
	if (files) {
		for (int i = 0; i < nt; i++) {
			int x = rank * 1000 + i / per_col, y = i % per_col;
			render(t, tb, i);
			if (y == 0) { snprintf(p, sizeof p, "%s/14/%d", dir, x); mkdir(p, 0755); }
			snprintf(p, sizeof p, "%s/14/%d/%d.bin", dir, x, y);
			int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) die("open tile");
			xpwrite(fd, t, tb, 0); close(fd);
		}
	} else {
		size_t cap = (size_t)nt * tb; unsigned char *pk = malloc(cap); long *ix = malloc(nt * 2 * sizeof(long));
		for (int i = 0; i < nt; i++) { render(t, tb, i); memcpy(pk + (size_t)i * tb, t, tb); ix[2 * i] = (long)i * tb; ix[2 * i + 1] = tb; }
		snprintf(p, sizeof p, "%s/14-r%d.pack", dir, rank);
		int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) die("open pack");
		for (size_t o = 0; o < cap; o += 1 << 20) { size_t n = cap - o < (1u << 20) ? cap - o : 1u << 20; xpwrite(fd, pk + o, n, o); }
		xpwrite(fd, ix, nt * 2 * sizeof(long), cap); close(fd);
		free(pk); free(ix);
	}
	MPI_Barrier(MPI_COMM_WORLD);
	free(t);
}

static void window(const char *in, long rows, long cols, int win, int band) {
	int fd = open(in, O_RDONLY); if (fd < 0) die("open");
	if (rank == 0) posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);   /* cold start for every variant */
	MPI_Barrier(MPI_COMM_WORLD);
	long wr = rows / win, wc = cols / win; double st[4] = {0, 1e30, -1e30, 0};
	if (!band) {
		float *w = malloc((size_t)win * win * 4);
		for (long k = rank; k < wr * wc; k += np) {
			long y = k / wc, x = k % wc;
			for (int r = 0; r < win; r++) xpread(fd, w + (size_t)r * win, win * 4, ((y * win + r) * cols + x * win) * 4);
			for (long j = 0; j < (long)win * win; j++) { st[0] += w[j]; if (w[j] < st[1]) st[1] = w[j]; if (w[j] > st[2]) st[2] = w[j]; st[3] += 1; }
		}
		free(w);
	} else {
		size_t bb = (size_t)win * cols * 4; float *b = malloc(bb);
		for (long y = rank; y < wr; y += np) {
			xpread(fd, b, bb, y * bb);
			for (long j = 0; j < (long)win * cols; j++) { st[0] += b[j]; if (b[j] < st[1]) st[1] = b[j]; if (b[j] > st[2]) st[2] = b[j]; st[3] += 1; }
		}
		free(b);
	}
	close(fd);
	double g[4]; MPI_Reduce(st, g, 4, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (rank == 0) printf("window mean %.4f over %.0f px\n", g[0] / g[3], g[3]);
}

int main(int argc, char **argv) {
	if (argc > 1 && !strcmp(argv[1], "mkraster")) { mkraster(argv[2], atol(argv[3]), atol(argv[4])); return 0; }
	MPI_Init(&argc, &argv); MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	double t0 = MPI_Wtime();
	if (!strcmp(argv[1], "pyramid")) pyramid(argv[2], atol(argv[3]), atol(argv[4]), argv[5]);
	else if (!strcmp(argv[1], "mosaic")) mosaic(argv[2], atoi(argv[3]), atol(argv[4]));
	else if (!strcmp(argv[1], "tiles")) tiles(argv[2], atoi(argv[3]), atol(argv[4]), !strcmp(argv[5], "files"));
	else if (!strcmp(argv[1], "window")) window(argv[2], atol(argv[3]), atol(argv[4]), atoi(argv[5]), !strcmp(argv[6], "band"));
	if (rank == 0) printf("%s: %.2f s\n", argv[1], MPI_Wtime() - t0);
	MPI_Finalize(); return 0;
}
