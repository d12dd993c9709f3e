/* Round 124 (labels124): a weather and climate centre's jobs, with the I/O each kind typically has.
 * app124 nwp DIR HOURS MIB        forecast model: a history file an output hour, written collectively
 * app124 var4d DIR NOBS ITERS     4D-Var: rank 0 reads NOBS observation files and broadcasts, background
 *                                 read collectively, ITERS minimisation iterations, analysis written collectively
 * app124 restart DIR DAYS MIB EVERY  climate model: the restart dump (MIB a rank) overwritten every EVERY days
 * app124 extract FILE STEPS NPT MODE  serial: time series of NPT grid points from a reanalysis file
 *                                 (MODE point: fseek+fread of each 4-byte value; slab: one fread a time step) */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#define NX 64
#define NY 64

static double compute(double *a, size_t n, int reps)
{
	double s = 0;
	for (int r = 0; r < reps; r++)
		for (size_t i = 0; i < n; i++) { a[i] = sin(a[i] + 1e-3 * r) * 0.999 + 1e-4; s += a[i]; }
	return s;
}

static void coll_write(const char *path, double *buf, size_t n, int rank, int create)
{
	MPI_File fh;
	MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_WRONLY | (create ? MPI_MODE_CREATE : 0), MPI_INFO_NULL, &fh);
	MPI_File_write_at_all(fh, (MPI_Offset)rank * n * sizeof(double), buf, (int)n, MPI_DOUBLE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
}

static void coll_read(const char *path, double *buf, size_t n, int rank)
{
	MPI_File fh;
	MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
	MPI_File_read_at_all(fh, (MPI_Offset)rank * n * sizeof(double), buf, (int)n, MPI_DOUBLE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
}

static int nwp(const char *dir, int hours, int mib, int rank)
{
	size_t n = (size_t)mib * 131072;
	double *a = malloc(n * sizeof(double));
	char p[512];
	FILE *log = NULL;
	for (size_t i = 0; i < n; i++) a[i] = (double)i / n + rank;
	if (rank == 0) { snprintf(p, sizeof p, "%s/fcst.log", dir); log = fopen(p, "w"); }
	for (int h = 1; h <= hours; h++) {
		double s = compute(a, n / 8, 400);
		snprintf(p, sizeof p, "%s/hist.f%03d.bin", dir, h);
		coll_write(p, a, n, rank, 1);
		if (log) fprintf(log, "hour %3d done, mean %.6f\n", h, s / (n / 8));
	}
	if (log) fclose(log);
	free(a);
	return 0;
}

static int var4d(const char *dir, int nobs, int iters, int rank)
{
	size_t n = 4 * 131072, nob = 0;
	double *bg = malloc(n * sizeof(double)), *ob = NULL;
	char p[512];
	if (rank == 0) {
		for (int k = 0; k < nobs; k++) {
			snprintf(p, sizeof p, "%s/obs/obs%02d.bin", dir, k);
			FILE *f = fopen(p, "rb");
			if (!f) return 1;
			fseek(f, 0, SEEK_END); size_t sz = (size_t)ftell(f) / sizeof(double); rewind(f);
			ob = realloc(ob, (nob + sz) * sizeof(double));
			nob += fread(ob + nob, sizeof(double), sz, f);
			fclose(f);
		}
	}
	MPI_Bcast(&nob, 1, MPI_UNSIGNED_LONG, 0, MPI_COMM_WORLD);
	if (rank) ob = malloc(nob * sizeof(double));
	MPI_Bcast(ob, (int)nob, MPI_DOUBLE, 0, MPI_COMM_WORLD);
	snprintf(p, sizeof p, "%s/background.bin", dir);
	coll_read(p, bg, n, rank);
	double cost = 0;
	for (int it = 0; it < iters; it++) {
		double g = compute(bg, n / 4, 1) + compute(ob + rank * (nob / 4), nob / 4, 1);
		MPI_Allreduce(&g, &cost, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
	}
	snprintf(p, sizeof p, "%s/analysis.bin", dir);
	coll_write(p, bg, n, rank, 1);
	if (rank == 0) printf("4dvar: %zu obs, final cost %.6g\n", nob, cost);
	free(bg); free(ob);
	return 0;
}

static int restart(const char *dir, int days, int mib, int every, int rank)
{
	size_t n = (size_t)mib * 131072;
	double *a = malloc(n * sizeof(double));
	char p[512];
	for (size_t i = 0; i < n; i++) a[i] = (double)i / n + rank;
	snprintf(p, sizeof p, "%s/restart.bin", dir);
	for (int d = 1; d <= days; d++) {
		compute(a, n / 16, 150);
		if (d % every == 0 || d == days) coll_write(p, a, n, rank, 1);
	}
	free(a);
	return 0;
}

static int extract(const char *path, int steps, int npt, int slab)
{
	FILE *f = fopen(path, "rb");
	float *ts = malloc((size_t)steps * npt * sizeof(float)), *fld = malloc(NX * NY * sizeof(float));
	double s = 0;
	if (!f) return 1;
	if (slab) {
		for (int t = 0; t < steps; t++) {
			if (fread(fld, sizeof(float), NX * NY, f) != NX * NY) return 1;
			for (int k = 0; k < npt; k++) ts[(size_t)k * steps + t] = fld[(k * 61) % (NX * NY)];
		}
	} else {
		/* the naive way: one seek and one 4-byte read a value, point by point */
		for (int k = 0; k < npt; k++)
			for (int t = 0; t < steps; t++) {
				fseek(f, ((long)t * NX * NY + (k * 61) % (NX * NY)) * (long)sizeof(float), SEEK_SET);
				if (fread(&ts[(size_t)k * steps + t], sizeof(float), 1, f) != 1) return 1;
			}
	}
	fclose(f);
	for (size_t i = 0; i < (size_t)steps * npt; i++) s += ts[i];
	FILE *o = fopen("points.txt", "w");
	for (int k = 0; k < npt; k++) fprintf(o, "point %d mean %.6f\n", k, ts[(size_t)k * steps] + s * 0);
	fprintf(o, "overall mean %.6f\n", s / ((double)steps * npt));
	fclose(o);
	free(ts); free(fld);
	return 0;
}

int main(int argc, char **argv)
{
	int rank, rc = 2;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	if (argc >= 5 && !strcmp(argv[1], "nwp")) rc = nwp(argv[2], atoi(argv[3]), atoi(argv[4]), rank);
	else if (argc >= 5 && !strcmp(argv[1], "var4d")) rc = var4d(argv[2], atoi(argv[3]), atoi(argv[4]), rank);
	else if (argc >= 6 && !strcmp(argv[1], "restart"))
		rc = restart(argv[2], atoi(argv[3]), atoi(argv[4]), atoi(argv[5]), rank);
	else if (argc >= 6 && !strcmp(argv[1], "extract"))
		rc = extract(argv[2], atoi(argv[3]), atoi(argv[4]), !strcmp(argv[5], "slab"));
	MPI_Finalize();
	return rc;
}
