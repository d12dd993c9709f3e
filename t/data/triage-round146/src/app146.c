/* Round 146 (labels146): checkpoint compression and in-line data reduction.
 * app146 ckpt  NCKPT NDBL DIR MODE   MODE = coll   : each rank zlib-compresses its field, sizes are gathered,
 *                                                    blocks written collectively at their offsets in one file,
 *                                                    rank 0 writes the offset table and a JSON sidecar per checkpoint
 *                                     MODE = fsync  : each rank deflates in 4 KiB output chunks, pwrite + fsync
 *                                                    of every chunk at its offset (the problem)
 *                                     MODE = fsyncend: the same chunks, one fsync per rank per checkpoint (twin)
 * app146 restart DIR K ITERS         : read checkpoint K's offset table (all ranks), each rank reads and inflates its block */
#include <mpi.h>
#include <zlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <fcntl.h>
#include <unistd.h>

static int rank, np;

static void field(double *f, long n, int step)
{
	unsigned s = 12345u + 7919u * rank + 31u * step;
	for (long i = 0; i < n; i++) {
		s = s * 1103515245u + 12345u;
		/* smooth part compresses; the noise amplitude varies by rank so block sizes differ */
		f[i] = sin(i * 1e-3 + step) + ((s >> 16) & 0xff) * 1e-6 * (rank + 1);
	}
}

static double compute(double *f, long n, int iters)
{
	double a = 0;
	for (int k = 0; k < iters; k++)
		for (long i = 0; i < n; i++) a += f[i] * 1.0000001;
	return a;
}

static void sidecar(const char *dir, int k, const long *sz)
{
	char p[512]; snprintf(p, sizeof p, "%s/ckpt-%03d.json", dir, k);
	FILE *fp = fopen(p, "w");
	fprintf(fp, "{\"step\": %d, \"codec\": \"zlib-6\", \"ranks\": %d, \"sizes\": [", k, np);
	for (int r = 0; r < np; r++) fprintf(fp, "%s%ld", r ? ", " : "", sz[r]);
	fprintf(fp, "]}\n"); fclose(fp);
}

static long coll_write(const char *path, unsigned char *z, long zn, long *sz)
{
	MPI_Allgather(&zn, 1, MPI_LONG, sz, 1, MPI_LONG, MPI_COMM_WORLD);
	long off = 8L * (np + 1);
	for (int r = 0; r < rank; r++) off += sz[r];
	MPI_File fh;
	MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	if (rank == 0) {
		long tab[65]; tab[0] = np; memcpy(tab + 1, sz, 8L * np);
		MPI_File_write_at(fh, 0, tab, np + 1, MPI_LONG, MPI_STATUS_IGNORE);
	}
	MPI_File_write_at_all(fh, off, z, (int)zn, MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	return off;
}

/* sizes from a first compress2 pass; rank 0 pwrites the offset table, the others wait for the file to exist */
static long table_write(const char *path, long zn, long *sz)
{
	MPI_Allgather(&zn, 1, MPI_LONG, sz, 1, MPI_LONG, MPI_COMM_WORLD);
	long off = 8L * (np + 1);
	for (int r = 0; r < rank; r++) off += sz[r];
	if (rank == 0) {
		long tab[65]; tab[0] = np; memcpy(tab + 1, sz, 8L * np);
		int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		pwrite(fd, tab, 8L * (np + 1), 0); close(fd);
	}
	MPI_Barrier(MPI_COMM_WORLD);
	return off;
}

/* deflate into 4 KiB chunks, each pwritten at the rank's offset (sizes known from a first compress2 pass) */
static void chunk_write(const char *path, double *f, long n, long off, int each)
{
	int fd = open(path, O_WRONLY | O_CREAT, 0644);
	unsigned char out[4096]; z_stream s; memset(&s, 0, sizeof s);
	deflateInit(&s, 6); s.next_in = (unsigned char *)f; s.avail_in = n * 8;
	int rc;
	do {
		s.next_out = out; s.avail_out = sizeof out;
		rc = deflate(&s, Z_FINISH);
		long got = sizeof out - s.avail_out;
		if (got) { pwrite(fd, out, got, off); off += got; if (each) fsync(fd); }
	} while (rc != Z_STREAM_END);
	deflateEnd(&s);
	if (!each) fsync(fd);
	close(fd);
}

static void ckpt(int nck, long n, const char *dir, const char *mode)
{
	double *f = malloc(n * 8); uLongf cap = compressBound(n * 8);
	unsigned char *z = malloc(cap); long sz[64];
	for (int k = 0; k < nck; k++) {
		field(f, n, k);
		compute(f, n, getenv("COMPUTE") ? atoi(getenv("COMPUTE")) : 40);
		uLongf zn = cap; compress2(z, &zn, (unsigned char *)f, n * 8, 6);
		char p[512]; snprintf(p, sizeof p, "%s/ckpt-%03d.z", dir, k);
		if (!strcmp(mode, "coll")) coll_write(p, z, (long)zn, sz);
		else {
			long off = table_write(p, (long)zn, sz);
			chunk_write(p, f, n, off, !strcmp(mode, "fsync"));
		}
		if (rank == 0) sidecar(dir, k, sz);
		MPI_Barrier(MPI_COMM_WORLD);
	}
	free(f); free(z);
}

static void restart(const char *dir, int k, int iters)
{
	char p[512]; snprintf(p, sizeof p, "%s/ckpt-%03d.z", dir, k);
	MPI_File fh; long tab[65];
	MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
	MPI_File_read_at(fh, 0, tab, np + 1, MPI_LONG, MPI_STATUS_IGNORE);
	long off = 8L * (np + 1);
	for (int r = 0; r < rank; r++) off += tab[1 + r];
	long zn = tab[1 + rank]; unsigned char *z = malloc(zn);
	MPI_File_read_at_all(fh, off, z, (int)zn, MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	uLongf n = 64L << 20; double *f = malloc(n);
	uncompress((unsigned char *)f, &n, z, zn);
	double a = compute(f, n / 8, iters);
	if (rank == 0) printf("restart %d: %ld compressed bytes, %lu raw, checksum %.3f\n", k, zn, (unsigned long)n, a);
	free(z); free(f);
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (!strcmp(argv[1], "ckpt")) ckpt(atoi(argv[2]), atol(argv[3]), argv[4], argv[5]);
	else restart(argv[2], atoi(argv[3]), atoi(argv[4]));
	MPI_Finalize();
	return 0;
}
