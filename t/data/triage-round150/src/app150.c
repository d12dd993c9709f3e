/* Round 150 (labels150): radio astronomy: visibilities, gridding and imaging.
 * mpicc -O2 -Wall -o app150 app150.c -lm
 *   ingest DIR NINT BLK_KIB      correlator output: per integration every rank pwrites its baseline block
 *                                (BLK_KIB) at (i*np+r)*blk of DIR/vis.dat; rank 0 writes a text header vis.hdr
 *   grid DIR                     every rank reads its integrations of vis.dat in whole blocks, applies gains from
 *                                cal.txt (rank 0 fgets it, broadcasts), grids onto 1024x1024, MPI_Reduce to rank 0,
 *                                which "FFTs" and writes image.fits (2880-B header + 4 MiB float data) by fwrite
 *   cube DIR NCHAN               each rank images its channels and writes one FITS file per channel (2880 + 256 KiB)
 *   corr DIR NINT REC_KIB fsync|end   each rank (one subband) appends a REC_KIB record per integration to its own
 *                                file, fsync after every record (fsync) or once at the end (end)
 *   mkvis FILE MIB               (prep, not logged) writes FILE, fsyncs, drops it from the page cache
 *   uvgrid FILE rand|seq         every rank grids its half of FILE: rand = 4 KiB visibility records read with pread
 *                                in uv-cell order (a random permutation of time order); seq = 4 MiB reads in order
 */
#define _GNU_SOURCE
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>

static int rank, np;
static double work(int n) { double s = 0; int c = getenv("COMPUTE") ? atoi(getenv("COMPUTE")) : 100;
	for (long i = 0; i < (long)n * c; i++) s += sin(i * 1e-3); return s; }
static void die(const char *m) { perror(m); MPI_Abort(MPI_COMM_WORLD, 1); }
static void fill(float *b, size_t n, int seed) { for (size_t i = 0; i < n; i++) b[i] = (float)((seed * 2654435761u + i * 40503u) % 65536) / 65536.0f - 0.5f; }

static void fits_header(char *h, int nx, int ny) { memset(h, ' ', 2880); char card[81];
	const char *k[] = {"SIMPLE  =                    T", "BITPIX  =                  -32", "NAXIS   =                    2"};
	for (int i = 0; i < 3; i++) { snprintf(card, 81, "%-80s", k[i]); memcpy(h + 80 * i, card, 80); }
	snprintf(card, 81, "NAXIS1  = %20d%-50s", nx, ""); memcpy(h + 240, card, 80);
	snprintf(card, 81, "NAXIS2  = %20d%-50s", ny, ""); memcpy(h + 320, card, 80);
	snprintf(card, 81, "%-80s", "END"); memcpy(h + 400, card, 80); }

int main(int argc, char **argv) {
	MPI_Init(&argc, &argv); MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	const char *mode = argv[1]; char p[512]; volatile double sink = 0;
	if (!strcmp(mode, "ingest")) {
		int nint = atoi(argv[3]); size_t blk = (size_t)atoi(argv[4]) << 10; float *b = malloc(blk);
		snprintf(p, sizeof p, "%s/vis.dat", argv[2]); int fd = open(p, O_WRONLY | O_CREAT, 0644); if (fd < 0) die(p);
		if (!rank) { snprintf(p, sizeof p, "%s/vis.hdr", argv[2]); FILE *f = fopen(p, "w");
			fprintf(f, "telescope = SIM-64\nnant = 64\nnbaseline = 2016\nnchan = 256\nnint = %d\nblock = %zu\n", nint, blk); fclose(f); }
		for (int i = 0; i < nint; i++) { sink += work(2000); fill(b, blk / 4, i * np + rank);
			if (pwrite(fd, b, blk, (off_t)(i * np + rank) * blk) != (ssize_t)blk) die("pwrite");
			MPI_Barrier(MPI_COMM_WORLD); }
		close(fd);
	} else if (!strcmp(mode, "grid")) {
		double gains[256] = {0}; int ng = 0;
		if (!rank) { snprintf(p, sizeof p, "%s/cal.txt", argv[2]); FILE *f = fopen(p, "r"); char line[128];
			if (!f) die(p); while (fgets(line, sizeof line, f) && ng < 256) { int a; double g; if (sscanf(line, "%d %lf", &a, &g) == 2) gains[ng++] = g; } fclose(f); }
		MPI_Bcast(gains, 256, MPI_DOUBLE, 0, MPI_COMM_WORLD);
		snprintf(p, sizeof p, "%s/vis.dat", argv[2]); int fd = open(p, O_RDONLY); if (fd < 0) die(p);
		struct stat st; fstat(fd, &st); size_t blk = 4 << 20; int nb = st.st_size / blk; float *b = malloc(blk);
		const int N = 1024; float *g = calloc((size_t)N * N, 4), *img = rank ? NULL : calloc((size_t)N * N, 4);
		for (int i = rank; i < nb; i += np) { if (pread(fd, b, blk, (off_t)i * blk) != (ssize_t)blk) die("pread");
			for (size_t j = 0; j + 1 < blk / 4; j += 2) { unsigned c = ((unsigned)(fabsf(b[j]) * 1e6f) * 2654435761u) % (N * N);
				g[c] += b[j + 1] * gains[j % 256]; }
			sink += work(500); }
		close(fd);
		MPI_Reduce(g, img, N * N, MPI_FLOAT, MPI_SUM, 0, MPI_COMM_WORLD);
		if (!rank) { sink += work(3000); char h[2880]; fits_header(h, N, N);
			snprintf(p, sizeof p, "%s/image.fits", argv[2]); FILE *f = fopen(p, "w"); if (!f) die(p);
			fwrite(h, 1, 2880, f); for (int r = 0; r < N; r += 256) fwrite(img + (size_t)r * N, 4, (size_t)256 * N, f);
			fclose(f); }
	} else if (!strcmp(mode, "cube")) {
		int nch = atoi(argv[3]); const int N = 256; float *im = malloc((size_t)N * N * 4); char h[2880]; fits_header(h, N, N);
		for (int c = rank; c < nch; c += np) { sink += work(800); fill(im, (size_t)N * N, c);
			snprintf(p, sizeof p, "%s/chan-%04d.fits", argv[2], c); int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) die(p);
			if (write(fd, h, 2880) != 2880 || write(fd, im, (size_t)N * N * 4) != N * N * 4) die("write"); close(fd); }
	} else if (!strcmp(mode, "corr")) {
		int nint = atoi(argv[3]); size_t rec = (size_t)atoi(argv[4]) << 10; int per = !strcmp(argv[5], "fsync"); float *b = malloc(rec);
		snprintf(p, sizeof p, "%s/subband-%02d.vis", argv[2], rank); int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) die(p);
		for (int i = 0; i < nint; i++) { sink += work(20); fill(b, rec / 4, i);
			if (write(fd, b, rec) != (ssize_t)rec) die("write"); if (per && fsync(fd)) die("fsync"); }
		if (!per && fsync(fd)) die("fsync"); close(fd);
	} else if (!strcmp(mode, "mkvis")) {
		size_t n = (size_t)atoi(argv[3]) << 20; float *b = malloc(1 << 20); int fd = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) die(argv[2]);
		for (size_t o = 0; o < n; o += 1 << 20) { fill(b, 1 << 18, o >> 20); if (write(fd, b, 1 << 20) != 1 << 20) die("write"); }
		fsync(fd); posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED); close(fd);
	} else if (!strcmp(mode, "uvgrid")) {
		int rnd = !strcmp(argv[3], "rand"); int fd = open(argv[2], O_RDONLY); if (fd < 0) die(argv[2]);
		struct stat st; fstat(fd, &st); size_t half = st.st_size / np, base = rank * half, nrec = half / 4096;
		const int N = 512; float *g = calloc((size_t)N * N, 4);
		if (rnd) { unsigned *perm = malloc(nrec * sizeof *perm); for (size_t i = 0; i < nrec; i++) perm[i] = i;
			srand(150 + rank); for (size_t i = nrec - 1; i > 0; i--) { size_t j = rand() % (i + 1); unsigned t = perm[i]; perm[i] = perm[j]; perm[j] = t; }
			float b[1024]; for (size_t i = 0; i < nrec; i++) { if (pread(fd, b, 4096, base + (off_t)perm[i] * 4096) != 4096) die("pread");
				for (int j = 0; j < 1024; j += 2) g[((unsigned)(fabsf(b[j]) * 1e6f) * 2654435761u) % (N * N)] += b[j + 1]; }
		} else { size_t blk = 4 << 20; float *b = malloc(blk);
			for (size_t o = 0; o < half; o += blk) { size_t n = half - o < blk ? half - o : blk; if (pread(fd, b, n, base + o) != (ssize_t)n) die("pread");
				for (size_t j = 0; j + 1 < n / 4; j += 2) g[((unsigned)(fabsf(b[j]) * 1e6f) * 2654435761u) % (N * N)] += b[j + 1]; } }
		close(fd); sink += work(2000); float *img = rank ? NULL : calloc((size_t)N * N, 4);
		MPI_Reduce(g, img, N * N, MPI_FLOAT, MPI_SUM, 0, MPI_COMM_WORLD);
	}
	MPI_Finalize(); return sink == 12345.0;
}
