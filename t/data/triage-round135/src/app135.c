/* app135.c: round 135's reservoir simulator (labels135). A 1-D-decomposed grid of cells, an implicit-like
 * pressure sweep per time step, well rates appended each step, cell fields written every OUT steps, a restart
 * at the end. Modes (argv[1]):
 *   bcast      rank 0 reads the grid deck (GRID.txt) and the property deck (PROPS.bin, 1 MiB reads), broadcasts;
 *              rank 0 appends a well line a step (stdio); fields collective (MPI_File_write_at_all); restart at end
 *   restart    every rank reads its slice of RESTART.bin collectively, then as bcast
 *   ensemble   history-matching ensemble: each rank is one member; reads PROPS.bin itself, perturbs it, runs,
 *              appends its own summary (stdio), writes its own field file per output step (POSIX, no MPI-IO)
 *   fieldsmall as bcast, but the fields are block-cyclic 4 KiB blocks written with independent
 *              MPI_File_write_at per block (twin: fieldcoll, the same layout through a file view, write_at_all)
 *   reread     as bcast, but rank 0 re-reads the whole property deck (O_DIRECT, 1 MiB reads) every 2nd step
 *              (each well-control update) to look up the well cells (twin: bcast, read once)
 * usage: app135 MODE DIR NSTEPS CELLS_PER_RANK OUT */
#define _GNU_SOURCE
#include <fcntl.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BLK 512 /* doubles in a 4 KiB block */
#define MIB (1 << 20)

static int rank, nprocs;

static void die(const char *what)
{
	perror(what);
	MPI_Abort(MPI_COMM_WORLD, 1);
}

/* The deck is read in 1 MiB pieces, as a simulator's binary property reader does; O_DIRECT for reread
 * (the re-reads then reach the storage, as they do on a parallel file system without a client cache). */
static void read_deck(const char *dir, double *props, size_t bytes, int direct)
{
	char path[512];
	snprintf(path, sizeof path, "%s/PROPS.bin", dir);
	int fd = open(path, O_RDONLY | (direct ? O_DIRECT : 0));
	if (fd < 0)
		die(path);
	for (size_t off = 0; off < bytes; off += MIB)
		if (pread(fd, (char *)props + off, MIB, (off_t)off) != MIB)
			die("pread deck");
	close(fd);
}

static void read_grid(const char *dir, int *dims)
{
	char path[512];
	snprintf(path, sizeof path, "%s/GRID.txt", dir);
	FILE *f = fopen(path, "r");
	if (!f || fscanf(f, "DIMENS %d %d %d", &dims[0], &dims[1], &dims[2]) != 3)
		die(path);
	fclose(f);
}

/* a pressure relaxation sweep over the local cells: the compute of a step */
static double step(double *p, const double *k, int n, int sweeps)
{
	double res = 0;
	for (int s = 0; s < sweeps; s++) {
		res = 0;
		for (int i = 1; i < n - 1; i++) {
			double np = 0.5 * (p[i - 1] + p[i + 1]) * (1.0 + 1e-9 * k[i]);
			res += (np - p[i]) * (np - p[i]);
			p[i] = np;
		}
	}
	return res;
}

static void write_fields_coll(MPI_File fh, const double *p, int n, int out)
{
	MPI_Offset off = ((MPI_Offset)out * nprocs + rank) * n * (MPI_Offset)sizeof(double);
	MPI_File_write_at_all(fh, off, p, n, MPI_DOUBLE, MPI_STATUS_IGNORE);
}

/* block-cyclic layout: block b of rank r is file block b*nprocs+r of the output's record */
static void write_fields_small(MPI_File fh, const double *p, int n, int out)
{
	MPI_Offset base = (MPI_Offset)out * nprocs * n * (MPI_Offset)sizeof(double);
	for (int b = 0; b < n / BLK; b++) {
		MPI_Offset off = base + ((MPI_Offset)b * nprocs + rank) * BLK * (MPI_Offset)sizeof(double);
		MPI_File_write_at(fh, off, p + (size_t)b * BLK, BLK, MPI_DOUBLE, MPI_STATUS_IGNORE);
	}
}

/* the same block-cyclic layout as one collective call through a vector file view */
static void write_fields_view(MPI_File fh, const double *p, int n, int out)
{
	MPI_Datatype ft;
	MPI_Offset base = (MPI_Offset)out * nprocs * n * (MPI_Offset)sizeof(double);
	MPI_Type_vector(n / BLK, BLK, BLK * nprocs, MPI_DOUBLE, &ft);
	MPI_Type_commit(&ft);
	MPI_File_set_view(fh, base + (MPI_Offset)rank * BLK * sizeof(double), MPI_DOUBLE, ft, "native",
			  MPI_INFO_NULL);
	MPI_File_write_all(fh, p, n, MPI_DOUBLE, MPI_STATUS_IGNORE);
	MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL);
	MPI_Type_free(&ft);
}

static void write_restart(const char *dir, const double *p, int n)
{
	char path[512];
	MPI_File fh;
	snprintf(path, sizeof path, "%s/RESTART.bin", dir);
	MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	MPI_File_write_at_all(fh, (MPI_Offset)rank * n * sizeof(double), p, n, MPI_DOUBLE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
}

static void read_restart(const char *dir, double *p, int n)
{
	char path[512];
	MPI_File fh;
	snprintf(path, sizeof path, "%s/RESTART.bin", dir);
	if (MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh) != MPI_SUCCESS)
		die(path);
	MPI_File_read_at_all(fh, (MPI_Offset)rank * n * sizeof(double), p, n, MPI_DOUBLE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
}

/* the shared-file simulator: bcast, restart, fieldsmall, fieldcoll, reread */
static void run_shared(const char *mode, const char *dir, int nsteps, int n, int every)
{
	size_t deck = (size_t)8 * MIB;
	double *props = NULL, *p = malloc((size_t)n * sizeof(double));
	int dims[3] = {0, 0, 0}, reread = !strcmp(mode, "reread");
	if (posix_memalign((void **)&props, 4096, deck) || !p)
		die("malloc");
	if (rank == 0) {
		read_grid(dir, dims);
		read_deck(dir, props, deck, reread);
	}
	MPI_Bcast(dims, 3, MPI_INT, 0, MPI_COMM_WORLD);
	MPI_Bcast(props, (int)(deck / sizeof(double)), MPI_DOUBLE, 0, MPI_COMM_WORLD);
	const double *k = props + ((size_t)rank * n) % (deck / sizeof(double) - (size_t)n);
	if (!strcmp(mode, "restart"))
		read_restart(dir, p, n);
	else
		for (int i = 0; i < n; i++)
			p[i] = 200.0 + (i % 97);
	char path[512];
	MPI_File fh;
	snprintf(path, sizeof path, "%s/FIELDS.bin", dir);
	MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	FILE *wells = NULL;
	if (rank == 0) {
		snprintf(path, sizeof path, "%s/WELLS.txt", dir);
		if (!(wells = fopen(path, "a")))
			die(path);
	}
	for (int s = 0; s < nsteps; s++) {
		if (reread && s > 0 && s % 2 == 0 && rank == 0)
			read_deck(dir, props, deck, 1);
		double res = step(p, k, n, 6), tot = 0;
		MPI_Reduce(&res, &tot, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
		if (wells)
			fprintf(wells, "STEP %5d WELL INJ1 BHP %12.4f WELL PROD1 QO %12.4f RES %.6e\n", s,
				250.0 + props[s % 1000], p[n / 2], tot);
		if ((s + 1) % every == 0) {
			int out = s / every;
			if (!strcmp(mode, "fieldsmall"))
				write_fields_small(fh, p, n, out);
			else if (!strcmp(mode, "fieldcoll"))
				write_fields_view(fh, p, n, out);
			else
				write_fields_coll(fh, p, n, out);
		}
	}
	MPI_File_close(&fh);
	if (wells)
		fclose(wells);
	write_restart(dir, p, n);
	free(props);
	free(p);
}

/* one ensemble member a rank: own perturbed permeability, own summary and field files */
static void run_ensemble(const char *dir, int nsteps, int n, int every)
{
	size_t deck = (size_t)8 * MIB;
	double *props = NULL, *p = malloc((size_t)n * sizeof(double));
	int dims[3];
	char path[600];
	if (posix_memalign((void **)&props, 4096, deck) || !p)
		die("malloc");
	read_grid(dir, dims);
	read_deck(dir, props, deck, 0);
	double mult = 0.5 + 0.1 * rank;
	for (int i = 0; i < n; i++) {
		props[i] *= mult;
		p[i] = 200.0 + (i % 89);
	}
	snprintf(path, sizeof path, "%s/member-%02d/SUMMARY.txt", dir, rank);
	FILE *sum = fopen(path, "w");
	if (!sum)
		die(path);
	for (int s = 0; s < nsteps; s++) {
		double res = step(p, props, n, 6);
		fprintf(sum, "STEP %5d WOPR %12.4f WBHP %12.4f RES %.6e\n", s, p[n / 3], p[n / 2], res);
		if ((s + 1) % every == 0) {
			snprintf(path, sizeof path, "%s/member-%02d/PRESSURE-%04d.bin", dir, rank, s + 1);
			int fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0644);
			if (fd < 0 || write(fd, p, (size_t)n * sizeof(double)) != (ssize_t)(n * sizeof(double)))
				die(path);
			close(fd);
		}
	}
	fclose(sum);
	MPI_Barrier(MPI_COMM_WORLD);
	free(props);
	free(p);
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
	if (argc != 6) {
		if (rank == 0)
			fprintf(stderr, "usage: app135 MODE DIR NSTEPS CELLS_PER_RANK OUT\n");
		MPI_Finalize();
		return 2;
	}
	int nsteps = atoi(argv[3]), n = atoi(argv[4]), every = atoi(argv[5]);
	if (!strcmp(argv[1], "ensemble"))
		run_ensemble(argv[2], nsteps, n, every);
	else
		run_shared(argv[1], argv[2], nsteps, n, every);
	MPI_Finalize();
	return 0;
}
