/* app38.c: MPI checkpoint/input patterns at 8-16 ranks (round 38 of issue 34's labelled sets).
 * A main loop of compute steps (Jacobi sweeps over a local 1-D grid, halo exchange) with I/O
 * between them. Usage: app38 MODE CELLS_K STEPS SWEEPS EVERY PATH [OPT]
 * Modes: coll (N-1 MPI_File_write_at_all), fpp (N-N POSIX), big1 (coll, rank OPT writes 4x),
 * slow1 (coll, rank OPT computes 3x the sweeps), agg2 (two aggregators gather and pwrite),
 * fsync1 / nofsync (N-N, 8 KiB pwrites; in fsync1 rank OPT fsyncs each), restart (read_at_all),
 * deck-bcast / deck-all (rank 0 reads PATH and broadcasts / every rank reads PATH).
 * Prints the slowest rank's wall time from the first barrier to the last. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>
#include <sys/stat.h>

static int rank, nprocs;
static double *grid, *tmpg;
static long ncell;

static void compute(int sweeps)
{
	int left = rank > 0 ? rank - 1 : MPI_PROC_NULL, right = rank < nprocs - 1 ? rank + 1 : MPI_PROC_NULL;
	for (int s = 0; s < sweeps; s++) {
		MPI_Sendrecv(&grid[1], 1, MPI_DOUBLE, left, 0, &grid[ncell + 1], 1, MPI_DOUBLE, right, 0,
			     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		MPI_Sendrecv(&grid[ncell], 1, MPI_DOUBLE, right, 1, &grid[0], 1, MPI_DOUBLE, left, 1,
			     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		for (long i = 1; i <= ncell; i++)
			tmpg[i] = 0.5 * grid[i] + 0.25 * (grid[i - 1] + grid[i + 1]);
		double *t = grid; grid = tmpg; tmpg = t;
	}
}

static void local_extra(int sweeps)
{
	for (int s = 0; s < sweeps; s++) {
		for (long i = 1; i <= ncell; i++)
			tmpg[i] = 0.5 * grid[i] + 0.25 * (grid[i - 1] + grid[i + 1]);
		double *t = grid; grid = tmpg; tmpg = t;
	}
}

static void die(const char *m) { fprintf(stderr, "app38: %s\n", m); MPI_Abort(MPI_COMM_WORLD, 2); }

/* N-1 collective: rank r's block at the sum of the blocks before it (counts may differ) */
static void coll_write(const char *path, long mycells)
{
	long off = 0, c = mycells;
	MPI_Exscan(&c, &off, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
	if (rank == 0) off = 0;
	double *buf = malloc(mycells * sizeof(double));
	for (long i = 0; i < mycells; i++) buf[i] = grid[1 + i % ncell];
	MPI_File fh;
	if (MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh))
		die("open");
	MPI_File_write_at_all(fh, off * sizeof(double), buf, mycells, MPI_DOUBLE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	free(buf);
}

static void fpp_write(const char *path, size_t rec, int dosync)
{
	int nrec = ncell * sizeof(double) / rec;
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0) die("fpp open");
	for (int i = 0; i < nrec; i++) {
		if (pwrite(fd, (char *)&grid[1] + (i * rec) % (ncell * sizeof(double) - rec + 1), rec,
			   (off_t)i * rec) != (ssize_t)rec)
			die("fpp write");
		if (dosync) fsync(fd);
	}
	close(fd);
}

/* two-phase by hand: ranks split in two groups, each gathers to its first rank, which pwrites */
static void agg2_write(const char *path)
{
	MPI_Comm g;
	int half = nprocs / 2, grp = rank / half, grank, gsize;
	MPI_Comm_split(MPI_COMM_WORLD, grp, rank, &g);
	MPI_Comm_rank(g, &grank); MPI_Comm_size(g, &gsize);
	size_t bytes = ncell * sizeof(double);
	double *all = grank == 0 ? malloc(bytes * gsize) : NULL;
	MPI_Gather(&grid[1], ncell, MPI_DOUBLE, all, ncell, MPI_DOUBLE, 0, g);
	if (grank == 0) {
		int fd = open(path, O_WRONLY | O_CREAT, 0644);
		if (fd < 0 || pwrite(fd, all, bytes * gsize, (off_t)grp * bytes * half) != (ssize_t)(bytes * gsize))
			die("agg2 write");
		close(fd);
		free(all);
	}
	MPI_Comm_free(&g);
}

static void deck(const char *path, int all)
{
	struct stat st;
	char *buf = NULL;
	long n = 0;
	if (all || rank == 0) {
		int fd = open(path, O_RDONLY);
		if (fd < 0 || fstat(fd, &st)) die("deck open");
		n = st.st_size;
		buf = malloc(n);
		for (long got = 0; got < n;) {
			ssize_t r = read(fd, buf + got, n - got < 1048576 ? n - got : 1048576);
			if (r <= 0) die("deck read");
			got += r;
		}
		close(fd);
	}
	if (!all) {
		MPI_Bcast(&n, 1, MPI_LONG, 0, MPI_COMM_WORLD);
		if (rank) buf = malloc(n);
		MPI_Bcast(buf, (int)n, MPI_CHAR, 0, MPI_COMM_WORLD);
	}
	grid[1] += buf[n / 2];
	free(buf);
}

static void restart(const char *path)
{
	MPI_File fh;
	if (MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh)) die("restart open");
	MPI_File_read_at_all(fh, (MPI_Offset)rank * ncell * sizeof(double), &grid[1], ncell, MPI_DOUBLE,
			     MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
	if (argc < 7) die("usage: app38 MODE CELLS_K STEPS SWEEPS EVERY PATH [OPT]");
	const char *mode = argv[1], *path = argv[6];
	int steps = atoi(argv[3]), sweeps = atoi(argv[4]), every = atoi(argv[5]);
	int opt = argc > 7 ? atoi(argv[7]) : 0;
	ncell = atol(argv[2]) * 1024;
	grid = calloc(ncell + 2, sizeof(double));
	tmpg = calloc(ncell + 2, sizeof(double));
	for (long i = 1; i <= ncell; i++) grid[i] = rank + i * 1e-6;
	MPI_Barrier(MPI_COMM_WORLD);
	double t0 = MPI_Wtime();
	if (!strcmp(mode, "deck-bcast") || !strcmp(mode, "deck-all")) deck(path, mode[5] == 'a');
	if (!strcmp(mode, "restart")) restart(path);
	char p[600];
	for (int s = 1; s <= steps; s++) {
		compute(sweeps);
		/* the slow rank's extra work is local (no halo exchange), so it cannot desynchronise the
		 * neighbours' Sendrecv pairs: it computes 3x as long before each checkpoint */
		if (!strcmp(mode, "slow1") && rank == opt && s % every == 0) local_extra(2 * sweeps * every);
		if (s % every) continue;
		int n = s / every;
		if (!strcmp(mode, "coll") || !strcmp(mode, "slow1")) {
			snprintf(p, sizeof p, "%s.%d", path, n); coll_write(p, ncell);
		} else if (!strcmp(mode, "big1")) {
			snprintf(p, sizeof p, "%s.%d", path, n); coll_write(p, rank == opt ? 4 * ncell : ncell);
		} else if (!strcmp(mode, "fpp")) {
			snprintf(p, sizeof p, "%s.%d.%d", path, n, rank); fpp_write(p, 65536, 0);
		} else if (!strcmp(mode, "fsync1") || !strcmp(mode, "nofsync")) {
			snprintf(p, sizeof p, "%s.%d.%d", path, n, rank);
			fpp_write(p, 8192, mode[0] == 'f' && rank == opt);
		} else if (!strcmp(mode, "agg2")) {
			snprintf(p, sizeof p, "%s.%d", path, n); agg2_write(p);
		}
	}
	MPI_Barrier(MPI_COMM_WORLD);
	double t = MPI_Wtime() - t0, tmax;
	MPI_Reduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	if (rank == 0) printf("app38 %s np %d: %.3f s\n", mode, nprocs, tmax);
	free(grid); free(tmpg);
	MPI_Finalize();
	return 0;
}
