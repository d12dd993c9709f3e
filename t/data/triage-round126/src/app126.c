/* Round 126 (labels126): a campus cluster's small MPI codes, one binary.
 *   app126 heat STEPS EVERY DIR      4-rank 2D heat equation, 1024^2 doubles split by rows; rank 0 appends a
 *                                    stdio residual line every 10 steps; a collective checkpoint every EVERY steps
 *   app126 lbm FRAMES MODE DIR       4-rank lattice relaxation on 512^2 doubles, one VTK-like frame file a frame;
 *                                    MODE rows: each rank writes its slab row by row (4 KiB independent writes),
 *                                    MODE slab: one collective write of the slab a rank
 * The serial raster tool is dem126.c. */
#include <mpi.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

static int rank, nprocs;

static void halo(double *u, int rows, int cols)
{
	int up = rank > 0 ? rank - 1 : MPI_PROC_NULL, dn = rank < nprocs - 1 ? rank + 1 : MPI_PROC_NULL;
	MPI_Sendrecv(u + cols, cols, MPI_DOUBLE, up, 0, u + (size_t)(rows + 1) * cols, cols, MPI_DOUBLE, dn, 0,
		     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
	MPI_Sendrecv(u + (size_t)rows * cols, cols, MPI_DOUBLE, dn, 1, u, cols, MPI_DOUBLE, up, 1,
		     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

/* one Jacobi sweep of the interior rows 1..rows, returns the local squared change */
static double sweep(double *u, double *v, int rows, int cols, double w)
{
	double r = 0;
	for (int i = 1; i <= rows; i++)
		for (int j = 1; j < cols - 1; j++) {
			size_t k = (size_t)i * cols + j;
			v[k] = (1 - w) * u[k] + w * 0.25 * (u[k - 1] + u[k + 1] + u[k - cols] + u[k + cols]);
			r += (v[k] - u[k]) * (v[k] - u[k]);
		}
	for (int i = 1; i <= rows; i++)
		memcpy(u + (size_t)i * cols + 1, v + (size_t)i * cols + 1, (cols - 2) * sizeof *u);
	return r;
}

static void init(double *u, int rows, int cols)
{
	for (int i = 0; i <= rows + 1; i++)
		for (int j = 0; j < cols; j++)
			u[(size_t)i * cols + j] = (j == 0) ? 100.0 : sin(0.01 * (rank * rows + i) * j);
}

static void checkpoint(const char *path, double *u, int rows, int cols)
{
	MPI_File fh;
	MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	MPI_Offset off = (MPI_Offset)rank * rows * cols * sizeof *u;
	MPI_File_write_at_all(fh, off, u + cols, rows * cols, MPI_DOUBLE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
}

static int heat(int steps, int every, const char *dir)
{
	int cols = 1024, rows = 1024 / nprocs;
	double *u = calloc((size_t)(rows + 2) * cols, sizeof *u), *v = calloc((size_t)(rows + 2) * cols, sizeof *v);
	char path[512];
	FILE *log = NULL;
	if (rank == 0) {
		snprintf(path, sizeof path, "%s/heat.log", dir);
		log = fopen(path, "w");
	}
	init(u, rows, cols);
	snprintf(path, sizeof path, "%s/heat.chk", dir);
	for (int s = 1; s <= steps; s++) {
		halo(u, rows, cols);
		double r = sweep(u, v, rows, cols, 0.8), g;
		if (s % 10 == 0) {
			MPI_Allreduce(&r, &g, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
			if (rank == 0)
				fprintf(log, "step %6d residual %.10e\n", s, sqrt(g));
		}
		if (s % every == 0)
			checkpoint(path, u, rows, cols);
	}
	if (log)
		fclose(log);
	free(u);
	free(v);
	return 0;
}

static void frame(const char *dir, int f, double *u, int rows, int cols, int byrows)
{
	char path[512], hdr[256];
	MPI_File fh;
	snprintf(path, sizeof path, "%s/flow_%03d.vtk", dir, f);
	MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	if (rank == 0) {
		/* a fixed 256-B header, as the students' reader expects (rows land at 256 + k * 4 KiB: not 4 KiB-aligned) */
		memset(hdr, ' ', sizeof hdr);
		int n = snprintf(hdr, sizeof hdr, "# vtk DataFile Version 3.0\nflow frame %d\nBINARY\nDIMENSIONS %d %d 1\n",
				 f, cols, cols);
		hdr[n] = ' ';
		hdr[sizeof hdr - 1] = '\n';
		MPI_File_write_at(fh, 0, hdr, sizeof hdr, MPI_CHAR, MPI_STATUS_IGNORE);
	}
	MPI_Offset base = 256 + (MPI_Offset)rank * rows * cols * sizeof *u;
	if (byrows)
		for (int i = 0; i < rows; i++)
			MPI_File_write_at(fh, base + (MPI_Offset)i * cols * sizeof *u, u + (size_t)(i + 1) * cols, cols,
					  MPI_DOUBLE, MPI_STATUS_IGNORE);
	else
		MPI_File_write_at_all(fh, base, u + cols, rows * cols, MPI_DOUBLE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
}

static int lbm(int frames, const char *mode, const char *dir)
{
	int cols = 512, rows = 512 / nprocs;
	double *u = calloc((size_t)(rows + 2) * cols, sizeof *u), *v = calloc((size_t)(rows + 2) * cols, sizeof *v);
	init(u, rows, cols);
	for (int f = 0; f < frames; f++) {
		for (int s = 0; s < 200; s++) {
			halo(u, rows, cols);
			sweep(u, v, rows, cols, 1.0);
		}
		frame(dir, f, u, rows, cols, strcmp(mode, "rows") == 0);
	}
	free(u);
	free(v);
	return 0;
}

int main(int argc, char **argv)
{
	int rc = 2;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
	if (argc == 5 && strcmp(argv[1], "heat") == 0)
		rc = heat(atoi(argv[2]), atoi(argv[3]), argv[4]);
	else if (argc == 5 && strcmp(argv[1], "lbm") == 0)
		rc = lbm(atoi(argv[2]), argv[3], argv[4]);
	MPI_Finalize();
	return rc;
}
