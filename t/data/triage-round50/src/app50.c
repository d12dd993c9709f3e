/* app50: round 50's MPI programs, jobs at the edges of what triage sees (issue 34).
 * Every mode is a main loop of compute steps (Jacobi sweeps over a local 1-D grid, halo exchange by
 * MPI_Sendrecv) with its I/O before, between or after them; rank 0 prints the slowest rank's wall time
 * (barrier to barrier) and, where the mode has one, the time of its I/O phase.
 * usage: app50 MODE CELLS_K STEPS SWEEPS [mode args]
 *   short   PREFIX              each rank writes its grid to PREFIX.RANK at the end (1 MiB write(2)s)
 *   tail    FILE FACTOR         independent sub-domains (no halo), the last rank has FACTOR times the cells
 *                               (a bad decomposition); at the end
 *                               every rank writes CELLS_K Ki doubles with one MPI_File_write_at_all
 *   tables  DIR NTAB            each rank reads NTAB table files DIR/tab.NNN (its own) at the start
 *   endcoll FILE                every rank writes its grid at the end, one MPI_File_write_at_all
 *   ckpt    PREFIX PIECE_K      checkpoint at the end: each rank its own file in PIECE_K KiB write(2)s
 *   rank0   FILE BUF_K          MPI_Gather to rank 0, which fwrite's one 32-byte record a cell (stdio
 *                               buffer BUF_K KiB; 0 = glibc's default; -1: no gather, each rank its own
 *                               records to its own file FILE.RANK, default buffer)
 *   vars    DIR NVAR VAR_K files|one   at the end each rank writes NVAR variables of VAR_K KiB, a file
 *                               each (files) or one file a rank (one)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int rank, np;
static double *u, *v;
static long n;
static int coupled = 1; /* tail: independent sub-domains, no halo until the output */

static void die(const char *what)
{
	fprintf(stderr, "app50 rank %d: %s: %s\n", rank, what, strerror(errno));
	MPI_Abort(MPI_COMM_WORLD, 1);
}

static void sweeps(int k)
{
	int lo = rank > 0 ? rank - 1 : MPI_PROC_NULL, hi = rank < np - 1 ? rank + 1 : MPI_PROC_NULL;
	for (int s = 0; s < k; s++) {
		if (coupled)
			MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, lo, 0, &u[n + 1], 1, MPI_DOUBLE, hi, 0, MPI_COMM_WORLD,
			     MPI_STATUS_IGNORE);
		if (coupled)
			MPI_Sendrecv(&u[n], 1, MPI_DOUBLE, hi, 1, &u[0], 1, MPI_DOUBLE, lo, 1, MPI_COMM_WORLD,
				     MPI_STATUS_IGNORE);
		for (long i = 1; i <= n; i++)
			v[i] = 0.5 * u[i] + 0.25 * (u[i - 1] + u[i + 1]);
		double *t = u;
		u = v;
		v = t;
	}
}

static void compute(int steps, int k)
{
	for (int s = 0; s < steps; s++)
		sweeps(k);
}

static void write_all(int fd, const char *p, size_t len, size_t piece)
{
	while (len > 0) {
		size_t m = len < piece ? len : piece;
		ssize_t w = write(fd, p, m);
		if (w < 0)
			die("write");
		p += w;
		len -= (size_t)w;
	}
}

static void mpiio_write(const char *path, long base)
{
	MPI_File fh;
	if (MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh))
		die("MPI_File_open");
	MPI_Offset off = (MPI_Offset)rank * base * (MPI_Offset)sizeof(double);
	MPI_File_write_at_all(fh, off, &u[1], (int)base, MPI_DOUBLE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
}

static void do_short(const char *prefix)
{
	char path[4096];
	snprintf(path, sizeof path, "%s.%d", prefix, rank);
	int fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0644);
	if (fd < 0)
		die(path);
	write_all(fd, (char *)&u[1], (size_t)n * sizeof(double), 1 << 20);
	close(fd);
}

static void do_tables(const char *dir, int ntab)
{
	char path[4096], buf[65536];
	for (int t = 0; t < ntab; t++) {
		snprintf(path, sizeof path, "%s/tab.%03d", dir, rank * ntab + t);
		FILE *f = fopen(path, "r");
		if (!f)
			die(path);
		size_t got = fread(buf, 1, sizeof buf, f);
		fclose(f);
		for (size_t i = 0; i < got; i++)
			u[1 + (long)(i * 7919 + t) % n] += (unsigned char)buf[i] * 1e-6;
	}
}

static void do_ckpt(const char *prefix, int piece_k)
{
	char path[4096];
	snprintf(path, sizeof path, "%s.%d", prefix, rank);
	int fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0644);
	if (fd < 0)
		die(path);
	write_all(fd, (char *)&u[1], (size_t)n * sizeof(double), (size_t)piece_k << 10);
	close(fd);
}

struct rec {
	long id;
	double x, val, grad;
};

/* the rank-0 twin that spreads the work: each rank fwrite's its own records to its own file PATH.RANK */
static void do_each(const char *path)
{
	char p[4096];
	snprintf(p, sizeof p, "%s.%d", path, rank);
	FILE *f = fopen(p, "w");
	if (!f)
		die(p);
	for (long i = 0; i < n; i++) {
		long g = rank * n + i;
		struct rec r = {g, (double)g / (double)(n * np), u[1 + i], i ? u[1 + i] - u[i] : 0};
		if (fwrite(&r, sizeof r, 1, f) != 1)
			die("fwrite");
	}
	if (fclose(f))
		die("fclose");
}

static void do_rank0(const char *path, int buf_k)
{
	double *all = NULL;
	if (buf_k < 0) {
		do_each(path);
		return;
	}
	if (rank == 0 && !(all = malloc((size_t)n * np * sizeof(double))))
		die("malloc");
	MPI_Gather(&u[1], (int)n, MPI_DOUBLE, all, (int)n, MPI_DOUBLE, 0, MPI_COMM_WORLD);
	if (rank != 0)
		return;
	FILE *f = fopen(path, "w");
	if (!f)
		die(path);
	if (buf_k > 0 && setvbuf(f, NULL, _IOFBF, (size_t)buf_k << 10))
		die("setvbuf");
	long tot = n * np;
	for (long i = 0; i < tot; i++) {
		struct rec r = {i, (double)i / (double)tot, all[i], i ? all[i] - all[i - 1] : 0};
		if (fwrite(&r, sizeof r, 1, f) != 1)
			die("fwrite");
	}
	if (fclose(f))
		die("fclose");
	free(all);
}

static void do_vars(const char *dir, int nvar, int var_k, int onefile)
{
	char path[4096];
	size_t len = (size_t)var_k << 10;
	int fd = -1;
	if (onefile) {
		snprintf(path, sizeof path, "%s/vars.r%d", dir, rank);
		if ((fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0644)) < 0)
			die(path);
	}
	for (int k = 0; k < nvar; k++) {
		if (!onefile) {
			snprintf(path, sizeof path, "%s/var%03d.r%d", dir, k, rank);
			if ((fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0644)) < 0)
				die(path);
		}
		write_all(fd, (char *)&u[1 + (long)k * 97 % (n - (long)(len / 8))], len, len);
		if (!onefile)
			close(fd);
	}
	if (onefile)
		close(fd);
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc < 5) {
		if (rank == 0)
			fprintf(stderr, "usage: app50 MODE CELLS_K STEPS SWEEPS [args]\n");
		MPI_Abort(MPI_COMM_WORLD, 2);
	}
	const char *mode = argv[1];
	long base = atol(argv[2]) * 1024;
	int steps = atoi(argv[3]), k = atoi(argv[4]);
	n = base;
	if (!strcmp(mode, "tail") && argc > 6) {
		coupled = 0;
		if (rank == np - 1)
			n = (long)(base * atof(argv[6]));
	}
	u = calloc((size_t)n + 2, sizeof(double));
	v = calloc((size_t)n + 2, sizeof(double));
	if (!u || !v)
		die("calloc");
	for (long i = 1; i <= n; i++)
		u[i] = (double)((i * 2654435761u + (unsigned)rank) % 1000) / 1000.0;
	MPI_Barrier(MPI_COMM_WORLD);
	double t0 = MPI_Wtime(), tio = 0;
	if (!strcmp(mode, "tables") && argc > 6)
		do_tables(argv[5], atoi(argv[6]));
	compute(steps, k);
	double t1 = MPI_Wtime();
	if (!strcmp(mode, "short") && argc > 5)
		do_short(argv[5]);
	else if ((!strcmp(mode, "tail") && argc > 6) || (!strcmp(mode, "endcoll") && argc > 5))
		mpiio_write(argv[5], base);
	else if (!strcmp(mode, "ckpt") && argc > 6)
		do_ckpt(argv[5], atoi(argv[6]));
	else if (!strcmp(mode, "rank0") && argc > 6)
		do_rank0(argv[5], atoi(argv[6]));
	else if (!strcmp(mode, "vars") && argc > 8)
		do_vars(argv[5], atoi(argv[6]), atoi(argv[7]), !strcmp(argv[8], "one"));
	else if (strcmp(mode, "tables")) {
		if (rank == 0)
			fprintf(stderr, "app50: bad mode or arguments: %s\n", mode);
		MPI_Abort(MPI_COMM_WORLD, 2);
	}
	tio = MPI_Wtime() - t1;
	MPI_Barrier(MPI_COMM_WORLD);
	double mine[2] = {MPI_Wtime() - t0, tio}, max[2];
	MPI_Reduce(mine, max, 2, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	if (rank == 0)
		printf("app50 %s np %d: wall %.3f s, end phase (slowest rank) %.3f s\n", mode, np, max[0], max[1]);
	MPI_Finalize();
	return 0;
}
