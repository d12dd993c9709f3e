/* Round 92 (labels92): graph analytics and sparse linear algebra jobs under Darshan.
 * app92 gen DIR NV NE             : (not under Darshan) write DIR/edges.bin (uint32 pairs), DIR/edges.txt (text edge
 *                                   list for the Python prep), DIR/matrix.mtx (Matrix Market coordinate real) and
 *                                   DIR/matrix.bin (the same triplets, int32,int32,float64)
 * app92 scatter EDGES ITERS       : rank 0 reads the binary edge list in one read(2) and scatters it; PageRank ITERS
 * app92 slices EDGES ITERS        : every rank reads its slice of the edge list (one collective MPI-IO read); PageRank
 * app92 mm FILE fscanf|bin ITERS  : rank 0 loads the matrix (fscanf of the text Matrix Market file, or one fread of the
 *                                   binary triplets), scatters the triplets; ITERS SpMV-based power iterations
 * app92 cg PARTDIR ITERS OUTDIR coll|4k|big EVERY : each rank reads its partition file PARTDIR/part-RRR.bin (one
 *                                   read), Jacobi-like iterations, rank 0 appends a residual line an iteration to
 *                                   OUTDIR/residual.log (stdio); every EVERY iterations the solution vector is
 *                                   checkpointed: coll = one collective MPI-IO write to OUTDIR/x.ckpt, 4k = each rank
 *                                   write(2)s its own file OUTDIR/x-RRR.ckpt in 4 KiB pieces, big = in one write(2) */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <math.h>
#include <fcntl.h>
#include <unistd.h>

static uint64_t rng = 88172645463325252ULL;
static uint64_t xr(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; }

static void die(const char *m) { perror(m); MPI_Abort(MPI_COMM_WORLD, 1); }

static int gen(const char *dir, long nv, long ne)
{
	char p[512]; FILE *b, *t, *m, *mb;
	snprintf(p, sizeof p, "%s/edges.bin", dir); b = fopen(p, "w");
	snprintf(p, sizeof p, "%s/edges.txt", dir); t = fopen(p, "w");
	snprintf(p, sizeof p, "%s/matrix.mtx", dir); m = fopen(p, "w");
	snprintf(p, sizeof p, "%s/matrix.bin", dir); mb = fopen(p, "w");
	if (!b || !t || !m || !mb) { perror("gen"); return 1; }
	fprintf(m, "%%%%MatrixMarket matrix coordinate real general\n%ld %ld %ld\n", nv, nv, ne);
	for (long i = 0; i < ne; i++) {
		uint32_t e[2] = { (uint32_t)(xr() % nv), (uint32_t)(xr() % nv) };
		double v = (double)(xr() % 1000000) / 1e6;
		int32_t ij[2] = { (int32_t)e[0], (int32_t)e[1] };
		fwrite(e, sizeof e, 1, b); fprintf(t, "%u %u\n", e[0], e[1]);
		fprintf(m, "%d %d %.6f\n", ij[0] + 1, ij[1] + 1, v);
		fwrite(ij, sizeof ij, 1, mb); fwrite(&v, sizeof v, 1, mb);
	}
	fclose(b); fclose(t); fclose(m); fclose(mb);
	return 0;
}

/* PageRank-like sweeps over the local edges; the allreduce makes every rank wait for the slowest */
static double sweeps(const uint32_t *e, long n, long nv, int iters, int rank, int np_)
{
	double *r = malloc(nv * sizeof *r), *s = calloc(nv, sizeof *s), res = 0;
	for (long i = 0; i < nv; i++) r[i] = 1.0 / nv;
	for (int it = 0; it < iters; it++) {
		memset(s, 0, nv * sizeof *s);
		for (long k = 0; k < n; k++) s[e[2 * k + 1]] += 0.85 * r[e[2 * k]] * ((double)nv / (double)(n * np_));
		MPI_Allreduce(MPI_IN_PLACE, s, nv, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
		res = 0;
		for (long i = 0; i < nv; i++) { double v = 0.15 / nv + s[i]; res += fabs(v - r[i]); r[i] = v; }
		if (rank == 0 && it % 10 == 0) printf("iter %d residual %.3e\n", it, res);
	}
	free(r); free(s);
	return res;
}

static int scatter(const char *path, int iters, int rank, int np)
{
	long n = 0; uint32_t *all = NULL;
	if (rank == 0) {
		int fd = open(path, O_RDONLY); if (fd < 0) die(path);
		n = lseek(fd, 0, SEEK_END) / 8; lseek(fd, 0, SEEK_SET);
		all = malloc(n * 8);
		if (read(fd, all, n * 8) != n * 8) die("read");
		close(fd);
	}
	MPI_Bcast(&n, 1, MPI_LONG, 0, MPI_COMM_WORLD);
	long mine = n / np;
	uint32_t *e = malloc(mine * 8);
	MPI_Scatter(all, (int)(mine * 2), MPI_UINT32_T, e, (int)(mine * 2), MPI_UINT32_T, 0, MPI_COMM_WORLD);
	free(all);
	sweeps(e, mine, 1 << 16, iters, rank, np);
	free(e);
	return 0;
}

/* every rank reads its own slice of the binary edge list with one collective MPI-IO read */
static int slices(const char *path, int iters, int rank, int np)
{
	MPI_File fh; MPI_Offset sz;
	if (MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh)) die(path);
	MPI_File_get_size(fh, &sz);
	long mine = (long)(sz / 8) / np;
	uint32_t *e = malloc(mine * 8);
	MPI_File_read_at_all(fh, (MPI_Offset)rank * mine * 8, e, (int)(mine * 2), MPI_UINT32_T, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	sweeps(e, mine, 1 << 16, iters, rank, np);
	free(e);
	return 0;
}

typedef struct { int32_t i, j; double v; } trip;

static long load_mm(const char *path, int bin, trip **out)
{
	long nr, nc, nz, k = 0; char line[256];
	if (bin) {
		FILE *f = fopen(path, "r"); if (!f) die(path);
		fseek(f, 0, SEEK_END); nz = ftell(f) / 16; fseek(f, 0, SEEK_SET);
		trip *t = malloc(nz * sizeof *t);
		if (fread(t, 16, nz, f) != (size_t)nz) die("fread");
		fclose(f); *out = t; return nz;
	}
	FILE *f = fopen(path, "r"); if (!f) die(path);
	if (!fgets(line, sizeof line, f)) die("header");
	if (fscanf(f, "%ld %ld %ld", &nr, &nc, &nz) != 3) die("size");
	trip *t = malloc(nz * sizeof *t);
	for (k = 0; k < nz; k++) {
		if (fscanf(f, "%d %d %lf", &t[k].i, &t[k].j, &t[k].v) != 3) die("entry");
		t[k].i--; t[k].j--;
	}
	fclose(f); *out = t; return nz;
}

static int mm(const char *path, int bin, int iters, int rank, int np)
{
	trip *all = NULL; long nz = 0;
	if (rank == 0) nz = load_mm(path, bin, &all);
	MPI_Bcast(&nz, 1, MPI_LONG, 0, MPI_COMM_WORLD);
	long mine = nz / np;
	trip *t = malloc(mine * sizeof *t);
	MPI_Scatter(all, (int)(mine * 16), MPI_BYTE, t, (int)(mine * 16), MPI_BYTE, 0, MPI_COMM_WORLD);
	free(all);
	long nv = 1 << 16;
	double *x = malloc(nv * sizeof *x), *y = malloc(nv * sizeof *y);
	for (long i = 0; i < nv; i++) x[i] = 1.0;
	for (int it = 0; it < iters; it++) {
		memset(y, 0, nv * sizeof *y);
		for (long k = 0; k < mine; k++) y[t[k].i % nv] += t[k].v * x[t[k].j % nv];
		MPI_Allreduce(MPI_IN_PLACE, y, nv, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
		double s = 0; for (long i = 0; i < nv; i++) s += y[i] * y[i];
		s = sqrt(s); for (long i = 0; i < nv; i++) x[i] = y[i] / s;
		if (rank == 0 && it % 10 == 0) printf("iter %d lambda %.6f\n", it, s);
	}
	free(t); free(x); free(y);
	return 0;
}

static void ckpt_own(const char *dir, int rank, const double *x, long n, int small)
{
	char p[512]; snprintf(p, sizeof p, "%s/x-%03d.ckpt", dir, rank);
	int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) die(p);
	const char *c = (const char *)x; long left = n * 8;
	while (left > 0) {
		long w = small ? (left < 4096 ? left : 4096) : left;
		if (write(fd, c, w) != w) die("write");
		c += w; left -= w;
	}
	close(fd);
}

static int cg(const char *pdir, int iters, const char *odir, const char *mode, int every, int rank, int np)
{
	char p[512]; snprintf(p, sizeof p, "%s/part-%03d.bin", pdir, rank);
	int fd = open(p, O_RDONLY); if (fd < 0) die(p);
	long n = lseek(fd, 0, SEEK_END) / 8; lseek(fd, 0, SEEK_SET);
	uint32_t *e = malloc(n * 8);
	if (read(fd, e, n * 8) != n * 8) die("read part");
	close(fd);
	long nv = 1 << 16, nx = 1 << 17;	/* nx: this rank's block of the solution vector, 1 MiB */
	double *x = calloc(nx, sizeof *x), *s = calloc(nv, sizeof *s);
	FILE *log = NULL;
	if (rank == 0) { snprintf(p, sizeof p, "%s/residual.log", odir); log = fopen(p, "w"); if (!log) die(p); }
	for (int it = 1; it <= iters; it++) {
		memset(s, 0, nv * sizeof *s);
		for (long k = 0; k < n; k++) s[e[2 * k + 1] % nv] += 1e-3 * (1.0 + x[e[2 * k] % nx]);
		MPI_Allreduce(MPI_IN_PLACE, s, nv, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
		double res = 0;
		for (long i = 0; i < nx; i++) { double v = 0.5 * x[i] + 1e-4 * s[i % nv]; res += fabs(v - x[i]); x[i] = v; }
		MPI_Allreduce(MPI_IN_PLACE, &res, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
		if (log) fprintf(log, "iter %5d residual %.9e\n", it, res);
		if (it % every) continue;
		if (strcmp(mode, "coll") == 0) {
			MPI_File fh; snprintf(p, sizeof p, "%s/x.ckpt", odir);
			if (MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh)) die(p);
			MPI_File_write_at_all(fh, (MPI_Offset)rank * nx * 8, x, (int)nx, MPI_DOUBLE, MPI_STATUS_IGNORE);
			MPI_File_close(&fh);
		} else ckpt_own(odir, rank, x, nx, strcmp(mode, "4k") == 0);
	}
	if (log) fclose(log);
	free(e); free(x); free(s); (void)np;
	return 0;
}

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "gen") == 0) return gen(argv[2], atol(argv[3]), atol(argv[4]));
	int rank, np, rc = 2;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc == 4 && strcmp(argv[1], "scatter") == 0) rc = scatter(argv[2], atoi(argv[3]), rank, np);
	else if (argc == 4 && strcmp(argv[1], "slices") == 0) rc = slices(argv[2], atoi(argv[3]), rank, np);
	else if (argc == 5 && strcmp(argv[1], "mm") == 0) rc = mm(argv[2], strcmp(argv[3], "bin") == 0, atoi(argv[4]), rank, np);
	else if (argc == 7 && strcmp(argv[1], "cg") == 0) rc = cg(argv[2], atoi(argv[3]), argv[4], argv[5], atoi(argv[6]), rank, np);
	else if (rank == 0) fprintf(stderr, "usage: see the comment at the top of app92.c\n");
	MPI_Finalize();
	return rc;
}
