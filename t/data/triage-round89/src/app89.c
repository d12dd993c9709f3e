/* Round 89's MPI jobs (labels89): a climate model's history output (N ranks to one file) and an FEM solver's
 * per-rank VTK output. Usage: app89 climate N STEPS DIR indep|coll   or   app89 fem NODES STEPS DIR [bigbuf|binary] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <stdint.h>

static double work(double *a, long n, int iters)
{
	double s = 0;
	for (int k = 0; k < iters; k++)
		for (long i = 0; i < n; i++) {
			a[i] = 0.5 * a[i] + 0.25 * sin(a[i] + k);
			s += a[i];
		}
	return s;
}

/* Column-block decomposition of an N x N field: each rank owns N/p columns, so in the row-major
 * history file its part is N pieces of N/p doubles. indep writes each piece with its own call
 * (what a hand-rolled writer does); coll describes the block with a subarray view, one collective call. */
static void climate(int n, int steps, const char *dir, int coll, int rank, int np)
{
	int w = n / np;
	double *f = malloc(sizeof(double) * n * w);
	for (long i = 0; i < (long)n * w; i++) f[i] = rank + i * 1e-6;
	char path[512];
	snprintf(path, sizeof path, "%s/hist.bin", dir);
	MPI_File fh;
	MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	int gs[2] = {n, n}, ls[2] = {n, w}, st[2] = {0, rank * w};
	MPI_Datatype sub;
	MPI_Type_create_subarray(2, gs, ls, st, MPI_ORDER_C, MPI_DOUBLE, &sub);
	MPI_Type_commit(&sub);
	for (int s = 0; s < steps; s++) {
		work(f, (long)n * w, 6);
		MPI_Offset base = (MPI_Offset)s * n * n * sizeof(double);
		if (coll) {
			MPI_File_set_view(fh, base, MPI_DOUBLE, sub, "native", MPI_INFO_NULL);
			MPI_File_write_all(fh, f, n * w, MPI_DOUBLE, MPI_STATUS_IGNORE);
		} else {
			for (int r = 0; r < n; r++)
				MPI_File_write_at(fh, base + ((MPI_Offset)r * n + rank * w) * sizeof(double),
						  f + (long)r * w, w, MPI_DOUBLE, MPI_STATUS_IGNORE);
		}
	}
	MPI_Type_free(&sub);
	MPI_File_close(&fh);
	free(f);
}

/* Legacy VTK binary is big-endian: swap a copy, one fwrite. */
static void fwrite_be(FILE *fp, const double *a, long n)
{
	uint64_t *b = malloc(sizeof(uint64_t) * n);
	memcpy(b, a, sizeof(uint64_t) * n);
	for (long i = 0; i < n; i++) b[i] = __builtin_bswap64(b[i]);
	fwrite(b, sizeof(uint64_t), n, fp);
	free(b);
}

/* Each rank writes its partition as a legacy ASCII VTK file per output step; rank 0 adds the index.
 * Through stdio's default buffer (st_blksize, 4 KiB) every 4 KiB of text is one write(2); bigbuf gives
 * the stream a 4 MiB buffer, so a partition's file is one or two writes; binary writes legacy VTK BINARY
 * (big-endian doubles, one fwrite an array) instead of formatting every value as text. */
static void fem(int nodes, int steps, const char *dir, int bigbuf, int binary, int rank, int np)
{
	double *u = malloc(sizeof(double) * nodes), *pts = malloc(sizeof(double) * 3 * nodes);
	for (int i = 0; i < nodes; i++) {
		u[i] = rank + i * 1e-3;
		pts[3 * i] = i % 100, pts[3 * i + 1] = i / 100, pts[3 * i + 2] = 0;
	}
	for (int s = 0; s < steps; s++) {
		work(u, nodes, 150);
		char path[512];
		snprintf(path, sizeof path, "%s/sol_%03d_%d.vtk", dir, s, rank);
		FILE *fp = fopen(path, "w");
		if (bigbuf) setvbuf(fp, NULL, _IOFBF, 4 << 20);
		fprintf(fp, "# vtk DataFile Version 3.0\npart %d step %d\n%s\nDATASET UNSTRUCTURED_GRID\n", rank, s,
			binary ? "BINARY" : "ASCII");
		fprintf(fp, "POINTS %d double\n", nodes);
		if (binary) {
			fwrite_be(fp, pts, 3 * nodes);
		} else {
			for (int i = 0; i < nodes; i++) fprintf(fp, "%g %g 0\n", pts[3 * i], pts[3 * i + 1]);
		}
		fprintf(fp, "\nPOINT_DATA %d\nSCALARS u double 1\nLOOKUP_TABLE default\n", nodes);
		if (binary) {
			fwrite_be(fp, u, nodes);
		} else {
			for (int i = 0; i < nodes; i++) fprintf(fp, "%.9g\n", u[i]);
		}
		fclose(fp);
		if (rank == 0) {
			snprintf(path, sizeof path, "%s/sol_%03d.visit", dir, s);
			fp = fopen(path, "w");
			fprintf(fp, "!NBLOCKS %d\n", np);
			for (int r = 0; r < np; r++) fprintf(fp, "sol_%03d_%d.vtk\n", s, r);
			fclose(fp);
		}
	}
	free(u);
	free(pts);
}

int main(int argc, char **argv)
{
	int rank, np;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc >= 6 && !strcmp(argv[1], "climate"))
		climate(atoi(argv[2]), atoi(argv[3]), argv[4], !strcmp(argv[5], "coll"), rank, np);
	else if (argc >= 5 && !strcmp(argv[1], "fem"))
		fem(atoi(argv[2]), atoi(argv[3]), argv[4], argc > 5 && !strcmp(argv[5], "bigbuf"),
		    argc > 5 && !strcmp(argv[5], "binary"), rank, np);
	else if (rank == 0)
		fprintf(stderr, "usage: app89 climate N STEPS DIR indep|coll | fem NODES STEPS DIR [bigbuf|binary]\n");
	MPI_Finalize();
	return 0;
}
