/* Round 132 (labels132): four MPI jobs of a national laboratory's engineering day, drawn by lot.
 *   deplete NSTEP DIR        reactor depletion: rank 0 reads a nuclide library, appends an inventory line a step
 *   mkmesh MIB DIR           (input, not logged) a partitioned FE mesh file of 4 uneven partitions
 *   implicit ITER DIR        implicit FE: collective read of each rank's partition, CG iterations, collective write
 *   crash NSTATE KIB DIR M   explicit crash: a plot state every step to one shared file; M=small: 4 KiB
 *                            independent writes (element blocks), M=coll: one collective write a rank a state
 *   md NFRAME DIR            MD radiation damage: a frame of positions a rank per 10 steps (fwrite), thermo lines */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

static int rank, np;

static double work(long n) /* stand-in for the physics: a fixed amount of floating point */
{
	double s = 0.0;
	for (long i = 1; i <= n; i++) s += sin((double)i * 1e-3) / (double)i;
	return s;
}

static void path(char *b, size_t n, const char *dir, const char *f) { snprintf(b, n, "%s/%s", dir, f); }

static int deplete(int nstep, const char *dir)
{
	char p[512]; double lib[4096] = {0}, inv[64]; /* 4096 nuclide constants, 64 tracked nuclides */
	if (rank == 0) {
		path(p, sizeof p, dir, "nuclides.lib"); FILE *f = fopen(p, "rb");
		if (!f || fread(lib, sizeof lib[0], 4096, f) != 4096) return 1;
		fclose(f);
	}
	MPI_Bcast(lib, 4096, MPI_DOUBLE, 0, MPI_COMM_WORLD);
	FILE *o = NULL;
	if (rank == 0) { path(p, sizeof p, dir, "inventory.csv"); o = fopen(p, "w"); if (!o) return 1; }
	for (int s = 0; s < nstep; s++) {
		double loc[64];
		for (int k = 0; k < 64; k++) loc[k] = work(20000) * lib[(s * 64 + k) % 4096];
		MPI_Reduce(loc, inv, 64, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
		if (rank == 0) {
			fprintf(o, "%d,%.6e,%.6e,%.6e,%.6e,%.6e,%.6e\n", s, inv[0], inv[1], inv[2], inv[3], inv[4], inv[5]);
			fflush(o); /* the table is watched while the job runs */
		}
	}
	if (rank == 0) fclose(o);
	return 0;
}

static MPI_Offset part_off(int r, MPI_Offset unit) /* partition r holds (6 + 2r) units: METIS-like unevenness */
{
	MPI_Offset o = 0;
	for (int i = 0; i < r; i++) o += (6 + 2 * i) * unit;
	return o;
}

static int implicit(int iter, const char *dir)
{
	char p[512]; MPI_File fh; MPI_Offset unit = 1 << 20, n = (6 + 2 * rank) * unit;
	char *buf = malloc(n); double r2 = 1.0;
	path(p, sizeof p, dir, "mesh.bin");
	MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
	MPI_File_read_at_all(fh, part_off(rank, unit), buf, (int)n, MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	FILE *o = NULL;
	if (rank == 0) { path(p, sizeof p, dir, "solver.log"); o = fopen(p, "w"); }
	for (int i = 0; i < iter; i++) { /* CG: local matvec, two reductions an iteration */
		double l = work(30000 + 5000 * rank) + buf[i % n];
		MPI_Allreduce(&l, &r2, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
		if (o) fprintf(o, "iter %d residual %.6e\n", i, fabs(r2) / (i + 1));
	}
	if (o) fclose(o);
	memset(buf, rank + 1, n);
	path(p, sizeof p, dir, "displacement.bin");
	MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	MPI_File_write_at_all(fh, part_off(rank, unit), buf, (int)n, MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	free(buf);
	return 0;
}

static int crash(int nstate, int kib, const char *dir, const char *mode)
{
	char p[512]; MPI_File fh; MPI_Offset sz = (MPI_Offset)kib << 10;
	char *buf = malloc(sz);
	path(p, sizeof p, dir, "plot.d3");
	MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	for (int s = 0; s < nstate; s++) {
		double v = work(60000);
		memset(buf, (int)(v * 100) + s, sz);
		MPI_Offset off = ((MPI_Offset)s * np + rank) * sz;
		if (strcmp(mode, "small") == 0) /* one write per 4 KiB element block, as the output loop visits them */
			for (MPI_Offset b = 0; b < sz; b += 4096)
				MPI_File_write_at(fh, off + b, buf + b, 4096, MPI_BYTE, MPI_STATUS_IGNORE);
		else
			MPI_File_write_at_all(fh, off, buf, (int)sz, MPI_BYTE, MPI_STATUS_IGNORE);
	}
	MPI_File_close(&fh);
	free(buf);
	return 0;
}

static int md(int nframe, const char *dir)
{
	char p[512]; size_t natom = 10922; /* 3 doubles an atom: 256 KiB a frame a rank */
	double *x = malloc(natom * 3 * sizeof *x);
	snprintf(p, sizeof p, "%s/traj.%d.xyzb", dir, rank);
	FILE *t = fopen(p, "wb"), *th = NULL;
	if (!t) return 1;
	if (rank == 0) { path(p, sizeof p, dir, "thermo.log"); th = fopen(p, "w"); }
	for (int f = 0; f < nframe; f++) {
		for (int s = 0; s < 10; s++) {
			double e = work(12000), et;
			MPI_Allreduce(&e, &et, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
			if (th) fprintf(th, "%d %.8f %.8f\n", f * 10 + s, et, et * 0.5);
		}
		for (size_t i = 0; i < natom * 3; i++) x[i] = (double)i * 1e-3 + f;
		if (fwrite(x, sizeof *x, natom * 3, t) != natom * 3) return 1;
	}
	fclose(t);
	if (th) fclose(th);
	free(x);
	return 0;
}

static int mkmesh(int mib, const char *dir)
{
	char p[512]; path(p, sizeof p, dir, "mesh.bin");
	FILE *f = fopen(p, "wb"); char *b = malloc(1 << 20);
	if (!f) return 1;
	for (int i = 0; i < mib; i++) { memset(b, i, 1 << 20); fwrite(b, 1, 1 << 20, f); }
	fclose(f); free(b);
	path(p, sizeof p, dir, "nuclides.lib"); f = fopen(p, "wb");
	double lib[4096]; for (int i = 0; i < 4096; i++) lib[i] = 1e-3 * (i % 97 + 1);
	fwrite(lib, sizeof lib[0], 4096, f); fclose(f);
	return 0;
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	int rc = 2;
	if (argc >= 4 && !strcmp(argv[1], "deplete")) rc = deplete(atoi(argv[2]), argv[3]);
	else if (argc >= 4 && !strcmp(argv[1], "mkmesh")) rc = mkmesh(atoi(argv[2]), argv[3]);
	else if (argc >= 4 && !strcmp(argv[1], "implicit")) rc = implicit(atoi(argv[2]), argv[3]);
	else if (argc >= 6 && !strcmp(argv[1], "crash")) rc = crash(atoi(argv[2]), atoi(argv[3]), argv[4], argv[5]);
	else if (argc >= 4 && !strcmp(argv[1], "md")) rc = md(atoi(argv[2]), argv[3]);
	if (rc) fprintf(stderr, "app132: %s failed (%d)\n", argc > 1 ? argv[1] : "?", rc);
	MPI_Finalize();
	return rc;
}
