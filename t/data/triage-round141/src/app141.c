/* Round 141 (labels141): MPI jobs of an energy company's research centre.
 * windles: wind-farm LES; rank 0 appends a hub-height probe line an iteration (stdio),
 *          all ranks write the velocity-field checkpoint collectively at the end.
 * geo:     geothermal fracture network; each rank reads its part of the shared mesh file in
 *          256 KiB independent MPI-IO reads, iterates, rank 0 writes a short summary. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

static double work(double *u, size_t n, int iters)
{
	double s = 0;
	for (int it = 0; it < iters; it++)
		for (size_t i = 1; i + 1 < n; i++) {
			u[i] = 0.25 * u[i - 1] + 0.5 * u[i] + 0.25 * u[i + 1] + 1e-9 * sin((double)i);
			s += u[i];
		}
	return s;
}

static void windles(int rank, int np, int iters, int mib, const char *dir)
{
	size_t n = (size_t)mib << 17; /* doubles in mib MiB */
	double *u = malloc(n * sizeof *u);
	char p[512];
	FILE *probe = NULL;
	for (size_t i = 0; i < n; i++) u[i] = rank + i * 1e-6;
	if (rank == 0) { snprintf(p, sizeof p, "%s/probes.dat", dir); probe = fopen(p, "w"); }
	for (int it = 0; it < iters; it++) {
		double s = work(u, n / 64, 1), g;
		MPI_Reduce(&s, &g, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
		if (probe) fprintf(probe, "%6d %.9e %.9e\n", it, g, u[7]);
	}
	if (probe) fclose(probe);
	MPI_File fh;
	snprintf(p, sizeof p, "%s/restart.bin", dir);
	MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	MPI_File_write_at_all(fh, (MPI_Offset)rank * n * sizeof *u, u, (int)n, MPI_DOUBLE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	(void)np;
	free(u);
}

static void geo(int rank, int np, int iters, int mib, const char *dir)
{
	size_t chunk = 256 << 10, part = (size_t)mib << 20;
	double *u = malloc(part);
	char p[512];
	MPI_File fh;
	snprintf(p, sizeof p, "%s/mesh.bin", dir);
	MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
	for (size_t off = 0; off < part; off += chunk)
		MPI_File_read_at(fh, (MPI_Offset)rank * part + off, (char *)u + off, (int)chunk, MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	double s = work(u, part / sizeof *u / 8, iters), g;
	MPI_Reduce(&s, &g, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (rank == 0) {
		snprintf(p, sizeof p, "%s/summary.txt", dir);
		FILE *f = fopen(p, "w");
		fprintf(f, "ranks %d iters %d heat %.9e\n", np, iters, g);
		fclose(f);
	}
	free(u);
}

int main(int argc, char **argv)
{
	int rank, np;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc < 5) { if (!rank) fprintf(stderr, "usage: app141 windles|geo ITERS MIB DIR\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	int iters = atoi(argv[2]), mib = atoi(argv[3]);
	if (!strcmp(argv[1], "windles")) windles(rank, np, iters, mib, argv[4]);
	else geo(rank, np, iters, mib, argv[4]);
	MPI_Finalize();
	return 0;
}
