/* Round 98 (labels98): bioimage / light-sheet microscopy I/O patterns, C/MPI.
 * app98 slices DIR NZ SLICEKB ITERS   each rank writes its 2-D slices (one file a slice: 8-B header + one write)
 * app98 segment DIR NZ SLICEKB HALO ITERS  each rank reads its z-slab of slices plus HALO slices each side,
 *                                     segments, writes a small per-tile result; rank 0 merges the results
 * app98 pyramid FILE SLABMB ITERS      each rank's slab and 3 downsampled levels, collective MPI-IO writes
 * app98 zarr DIR CHUNKKB TOTALMB       each rank writes its share of a chunked volume, one file a chunk
 * app98 labels FILE REQKB SLABMB       each rank writes its slab of a label volume into one file, REQKB a write */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>

static int rank, size;

static double compute(char *buf, size_t n, long iters)
{
	double s = 0;
	for (long i = 0; i < iters; i++)
		for (size_t j = 0; j < n; j += 64)
			s += (unsigned char)buf[j] * 1e-3 + (double)i * 1e-9;
	return s;
}

static void fill(char *b, size_t n, unsigned seed)
{
	for (size_t i = 0; i < n; i++) { seed = seed * 1103515245u + 12345u; b[i] = (char)(seed >> 16); }
}

static void put(const char *path, const char *b, size_t n, size_t req)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0) { perror(path); MPI_Abort(MPI_COMM_WORLD, 1); }
	for (size_t o = 0; o < n; o += req)
		if (pwrite(fd, b + o, n - o < req ? n - o : req, (off_t)o) < 0) { perror("pwrite"); MPI_Abort(MPI_COMM_WORLD, 1); }
	close(fd);
}

static int slices(char **a)
{
	int nz = atoi(a[1]); size_t n = (size_t)atoi(a[2]) << 10; long it = atol(a[3]);
	char *b = malloc(n), p[512]; double s = 0;
	for (int z = rank; z < nz; z += size) {
		fill(b, n, (unsigned)z); s += compute(b, n, it);
		snprintf(p, sizeof p, "%s/slice_%04d.tif", a[0], z);
		int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0 || write(fd, "II*\0\10\0\0\0", 8) != 8 || write(fd, b, n) != (ssize_t)n) { perror(p); MPI_Abort(MPI_COMM_WORLD, 1); }
		close(fd);
	}
	if (rank == 0) { snprintf(p, sizeof p, "%s/meta.json", a[0]); FILE *f = fopen(p, "w");
		fprintf(f, "{\"nz\": %d, \"slice_bytes\": %zu, \"voxel_um\": [0.4, 0.4, 1.0]}\n", nz, n); fclose(f); }
	MPI_Barrier(MPI_COMM_WORLD); free(b);
	return s < 0;
}

static int segment(char **a)
{
	int nz = atoi(a[1]), h = atoi(a[3]); size_t n = (size_t)atoi(a[2]) << 10; long it = atol(a[4]);
	int z0 = nz * rank / size, z1 = nz * (rank + 1) / size, lo = z0 - h < 0 ? 0 : z0 - h, hi = z1 + h > nz ? nz : z1 + h;
	char *b = malloc(n), p[512]; long hist[256] = {0}; double s = 0;
	for (int z = lo; z < hi; z++) {
		snprintf(p, sizeof p, "%s/slice_%04d.tif", a[0], z);
		int fd = open(p, O_RDONLY); char hd[8];
		if (fd < 0 || read(fd, hd, 8) != 8 || read(fd, b, n) != (ssize_t)n) { perror(p); MPI_Abort(MPI_COMM_WORLD, 1); }
		close(fd); s += compute(b, n, it);
		for (size_t j = 0; j < n; j += 16) hist[(unsigned char)b[j]]++;
	}
	snprintf(p, sizeof p, "%s/tile_%02d.res", a[0], rank); put(p, (char *)hist, sizeof hist, sizeof hist);
	MPI_Barrier(MPI_COMM_WORLD);
	if (rank == 0) {
		long tot[256] = {0}, t[256];
		for (int r = 0; r < size; r++) { snprintf(p, sizeof p, "%s/tile_%02d.res", a[0], r); FILE *f = fopen(p, "rb");
			if (!f || fread(t, sizeof t, 1, f) != 1) { perror(p); MPI_Abort(MPI_COMM_WORLD, 1); } fclose(f);
			for (int i = 0; i < 256; i++) tot[i] += t[i]; }
		snprintf(p, sizeof p, "%s/labels.csv", a[0]); FILE *f = fopen(p, "w");
		for (int i = 0; i < 256; i++) fprintf(f, "%d,%ld\n", i, tot[i]);
		fclose(f);
	}
	free(b);
	return s < 0;
}

static int pyramid(char **a)
{
	size_t n = (size_t)atoi(a[1]) << 20; long it = atol(a[2]); MPI_File fh; MPI_Offset base = 0;
	char *b = malloc(n); fill(b, n, (unsigned)rank + 7); double s = compute(b, n, it);
	MPI_File_open(MPI_COMM_WORLD, a[0], MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	for (int l = 0; l < 4; l++) {
		size_t m = n >> (2 * l); /* each level halves x and y */
		if (l) for (size_t j = 0; j < m; j++) b[j] = b[4 * j];
		MPI_File_write_at_all(fh, base + (MPI_Offset)m * rank, b, (int)m, MPI_BYTE, MPI_STATUS_IGNORE);
		base += (MPI_Offset)m * size; s += compute(b, m, it);
	}
	MPI_File_close(&fh); free(b);
	return s < 0;
}

static int zarr(char **a)
{
	size_t c = (size_t)atoi(a[1]) << 10, tot = (size_t)atoi(a[2]) << 20; int nc = (int)(tot / c); char p[512];
	char *b = malloc(c);
	if (rank == 0) { snprintf(p, sizeof p, "%s/.zarray", a[0]); FILE *f = fopen(p, "w");
		fprintf(f, "{\"chunks\": [1, %zu], \"dtype\": \"|u1\", \"zarr_format\": 2}\n", c); fclose(f); }
	for (int i = rank; i < nc; i += size) {
		fill(b, c, (unsigned)i); snprintf(p, sizeof p, "%s/0.%d", a[0], i); put(p, b, c, c);
	}
	MPI_Barrier(MPI_COMM_WORLD); free(b);
	return 0;
}

static int labels(char **a)
{
	size_t req = (size_t)atoi(a[1]) << 10, n = (size_t)atoi(a[2]) << 20;
	char *b = malloc(n); fill(b, n, (unsigned)rank);
	int fd = open(a[0], O_WRONLY | O_CREAT, 0644);
	if (fd < 0) { perror(a[0]); MPI_Abort(MPI_COMM_WORLD, 1); }
	for (size_t o = 0; o < n; o += req)
		if (pwrite(fd, b + o, req, (off_t)(n * rank + o)) < 0) { perror("pwrite"); MPI_Abort(MPI_COMM_WORLD, 1); }
	close(fd); MPI_Barrier(MPI_COMM_WORLD); free(b);
	return 0;
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv); MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &size);
	int rc = 2;
	if (argc >= 6 && !strcmp(argv[1], "slices")) rc = slices(argv + 2);
	else if (argc >= 7 && !strcmp(argv[1], "segment")) rc = segment(argv + 2);
	else if (argc >= 5 && !strcmp(argv[1], "pyramid")) rc = pyramid(argv + 2);
	else if (argc >= 5 && !strcmp(argv[1], "zarr")) rc = zarr(argv + 2);
	else if (argc >= 5 && !strcmp(argv[1], "labels")) rc = labels(argv + 2);
	else if (!rank) fprintf(stderr, "usage: see the comment at the top of app98.c\n");
	MPI_Finalize();
	return rc;
}
