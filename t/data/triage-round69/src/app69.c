/* Round 69's quantum-chemistry-style scratch programs (issue 34): SCF with integrals out of core or direct,
 * many small scratch files a rank, CC-like blockwise tensor scratch.  Each prints the slowest rank's time.
 *   app69 scf MIB ITERS COST ooc|direct|incore DIR DROP   integrals MIB a rank, COST work a value
 *                                       (incore: computed once and kept in memory, no file)
 *   app69 many NFILES ITERS KIB COST DIR files|one  NFILES scratch files a rank an iteration, or the
 *                                                    same pieces at offsets of one scratch file a rank
 *   app69 cc MIB BLOCK_KIB PASSES COST seq|strided DIR DROP
 * DROP=1: fsync after writing and posix_fadvise(DONTNEED) before each pass, as when the scratch is larger
 * than the page cache or lives on a file system without client caching. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int rank, np;

/* a synthetic two-electron integral: real arithmetic whose cost grows with COST */
static double integral(long i, int cost)
{
	double x = 1.0 + (double)(i % 9973) * 1e-4, s = 0;
	for (int k = 0; k < cost; k++)
		s += exp(-x * (k + 1) * 0.01) * cos(x * k);
	return s;
}

static void fill(double *b, long n, long off, int cost)
{
	for (long j = 0; j < n; j++)
		b[j] = integral(off + j, cost);
}

static double contract(const double *b, long n, double d)
{
	double e = 0;
	for (long j = 0; j < n; j++)
		e += b[j] * d * (1.0 + 1e-9 * j);
	return e;
}

static void die(const char *m) { perror(m); MPI_Abort(MPI_COMM_WORLD, 1); }

static int scf(char **a)
{
	long mib = atol(a[0]), iters = atol(a[1]); int cost = atoi(a[2]);
	int ooc = !strcmp(a[3], "ooc"), incore = !strcmp(a[3], "incore"); int drop = atoi(a[5]);
	long chunk = 131072, nch = mib * 1024 * 1024 / 8 / chunk; /* 1 MiB chunks */
	double *b = malloc(chunk * 8), d = 0.5, e = 0, *all = incore ? malloc(nch * chunk * 8) : NULL;
	char fn[512]; snprintf(fn, sizeof fn, "%s/ints.%d", a[4], rank);
	for (long c = 0; incore && c < nch; c++)
		fill(all + c * chunk, chunk, (rank * nch + c) * chunk, cost);
	int fd = -1;
	if (ooc) {
		if ((fd = open(fn, O_RDWR | O_CREAT | O_TRUNC, 0644)) < 0) die(fn);
		for (long c = 0; c < nch; c++) {
			fill(b, chunk, (rank * nch + c) * chunk, cost);
			if (pwrite(fd, b, chunk * 8, c * chunk * 8) != chunk * 8) die("pwrite");
		}
		if (drop) fsync(fd);
	}
	for (long it = 0; it < iters; it++) {
		double el = 0;
		if (ooc && drop) posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
		for (long c = 0; c < nch; c++) {
			if (ooc) { if (pread(fd, b, chunk * 8, c * chunk * 8) != chunk * 8) die("pread"); }
			else if (!incore) fill(b, chunk, (rank * nch + c) * chunk, cost);
			el += contract(incore ? all + c * chunk : b, chunk, d);
		}
		MPI_Allreduce(&el, &e, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
		d = 0.5 + 0.1 * sin(e);
	}
	if (ooc) { close(fd); unlink(fn); }
	free(b); free(all);
	return rank == 0 ? printf("E = %.6f\n", e) < 0 : 0;
}

static int open_piece(const char *dir, int f, int one, int flags, off_t *off)
{
	char fn[512];
	snprintf(fn, sizeof fn, one ? "%s/scr.%d" : "%s/scr.%d.%d", dir, rank, f);
	int fd = open(fn, flags, 0644);
	if (fd < 0) die(fn);
	*off = 0;
	return fd;
}

static int many(char **a)
{
	int nf = atoi(a[0]), iters = atoi(a[1]); long n = atol(a[2]) * 128; int cost = atoi(a[3]);
	int one = !strcmp(a[5], "one");
	double *b = malloc(n * 8), e = 0;
	off_t o;
	int fd1 = one ? open_piece(a[4], 0, 1, O_RDWR | O_CREAT | O_TRUNC, &o) : -1;
	for (int it = 0; it < iters; it++) {
		for (int f = 0; f < nf; f++) {
			fill(b, n, it * nf + f, cost);
			int fd = one ? fd1 : open_piece(a[4], f, 0, O_RDWR | O_CREAT | O_TRUNC, &o);
			if (pwrite(fd, b, n * 8, one ? f * n * 8 : 0) != n * 8) die("pwrite");
			if (!one) close(fd);
		}
		for (int f = 0; f < nf; f++) {
			int fd = one ? fd1 : open_piece(a[4], f, 0, O_RDONLY, &o);
			if (pread(fd, b, n * 8, one ? f * n * 8 : 0) != n * 8) die("pread");
			if (!one) close(fd);
			e += contract(b, n, 0.3);
		}
	}
	char fn[512];
	if (one) { close(fd1); snprintf(fn, sizeof fn, "%s/scr.%d", a[4], rank); unlink(fn); }
	for (int f = 0; !one && f < nf; f++) { snprintf(fn, sizeof fn, "%s/scr.%d.%d", a[4], rank, f); unlink(fn); }
	double t; MPI_Reduce(&e, &t, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	free(b);
	return rank == 0 ? printf("E = %.6f\n", t) < 0 : 0;
}

static int cc(char **a)
{
	long mib = atol(a[0]), bs = atol(a[1]) * 1024; int passes = atoi(a[2]), cost = atoi(a[3]);
	int strided = !strcmp(a[4], "strided"), drop = atoi(a[6]);
	long nb = mib * 1024 * 1024 / bs, side = 1;
	while (side * side < nb) side++;
	double *b = malloc(bs), e = 0;
	char fn[512]; snprintf(fn, sizeof fn, "%s/t2.%d", a[5], rank);
	int fd = open(fn, O_RDWR | O_CREAT | O_TRUNC, 0644);
	if (fd < 0) die(fn);
	for (long k = 0; k < nb; k++) {
		fill(b, bs / 8, k * bs / 8, cost);
		if (pwrite(fd, b, bs, k * bs) != bs) die("pwrite");
	}
	if (drop) fsync(fd);
	for (int p = 0; p < passes; p++) {
		if (drop) posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
		/* a tile code's hint: no read-ahead, as on a file system without client read-ahead */
		if (drop && strided) posix_fadvise(fd, 0, 0, POSIX_FADV_RANDOM);
		/* strided: the transposed sweep of a side x side block matrix (one block a read) */
		for (long k = 0; k < nb; k++) {
			long blk = strided ? (k % side) * side + k / side : k;
			if (blk >= nb) continue;
			if (pread(fd, b, bs, blk * bs) != bs) die("pread");
			e += contract(b, bs / 8, 0.7);
		}
	}
	close(fd);
	double t; MPI_Reduce(&e, &t, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	free(b);
	return rank == 0 ? printf("E = %.6f\n", t) < 0 : 0;
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	MPI_Barrier(MPI_COMM_WORLD);
	double t0 = MPI_Wtime(), t, tm; int rc = 1;
	if (argc >= 8 && !strcmp(argv[1], "scf")) rc = scf(argv + 2);
	else if (argc >= 8 && !strcmp(argv[1], "many")) rc = many(argv + 2);
	else if (argc >= 9 && !strcmp(argv[1], "cc")) rc = cc(argv + 2);
	else if (rank == 0) fprintf(stderr, "usage: see src/app69.c\n");
	MPI_Barrier(MPI_COMM_WORLD);
	t = MPI_Wtime() - t0;
	MPI_Reduce(&t, &tm, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	if (rank == 0) printf("time %.3f s\n", tm);
	MPI_Finalize();
	return rc;
}
