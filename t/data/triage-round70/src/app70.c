/* Round 70's short queue jobs (one binary, a mode per job): unittest, earlyfail, startup, hello, solvbench. */
#include <mpi.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int rank, nprocs;

/* real arithmetic: a dense n x n mat-vec repeated reps times; returns a checksum */
static double work(int n, int reps)
{
	double *a = malloc(sizeof(double) * n * n), *x = malloc(sizeof(double) * n), *y = malloc(sizeof(double) * n), s = 0;
	for (int i = 0; i < n * n; i++) a[i] = 1.0 / (1 + (i % 97));
	for (int i = 0; i < n; i++) x[i] = 1.0;
	for (int r = 0; r < reps; r++) {
		for (int i = 0; i < n; i++) { double t = 0; for (int j = 0; j < n; j++) t += a[i * n + j] * x[j]; y[i] = t; }
		double nm = 0; for (int i = 0; i < n; i++) nm += y[i] * y[i];
		nm = sqrt(nm); for (int i = 0; i < n; i++) x[i] = y[i] / nm; s += nm;
	}
	free(a); free(x); free(y); return s;
}

static void die(const char *m) { fprintf(stderr, "rank %d: %s: %s\n", rank, m, strerror(errno)); MPI_Abort(MPI_COMM_WORLD, 2); }

/* unittest NTESTS N REPS SCRATCH CHUNK FIXTURE: each test computes, writes a 64 KiB temp file in CHUNK-byte
 * write()s, reads it back, compares, unlinks */
static int unittest(int argc, char **argv)
{
	(void)argc;
	int nt = atoi(argv[2]), n = atoi(argv[3]), reps = atoi(argv[4]), chunk = atoi(argv[6]);
	const char *dir = argv[5]; char buf[65536], back[65536], path[512]; int fail = 0;
	FILE *fx = fopen(argv[7], "r"); if (!fx) die(argv[7]);
	size_t got = fread(buf, 1, sizeof buf, fx); fclose(fx);
	for (int t = 0; t < nt; t++) {
		double s = work(n, reps);
		for (size_t i = 0; i < sizeof buf; i++) buf[i] = (char)(buf[i % (got ? got : 1)] + t + (int)s);
		snprintf(path, sizeof path, "%s/test_%d_%d.tmp", dir, rank, t);
		int fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0644); if (fd < 0) die(path);
		for (size_t o = 0; o < sizeof buf; o += chunk) if (write(fd, buf + o, chunk) != chunk) die("write");
		close(fd);
		fd = open(path, O_RDONLY); if (fd < 0) die(path);
		if (read(fd, back, sizeof back) != (ssize_t)sizeof back) die("read");
		close(fd); unlink(path);
		if (memcmp(buf, back, sizeof buf)) fail++;
	}
	int tf; MPI_Reduce(&fail, &tf, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
	if (!rank) printf("%d tests x %d ranks, %d failed\n", nt, nprocs, tf);
	return 0;
}

/* earlyfail DECK N REPS: rank 0 reads the deck, broadcasts it, all parse it and assemble (compute), then the
 * deck's mesh count does not match the rank count: the job exits 1 before its first step */
static int earlyfail(int argc, char **argv)
{
	(void)argc;
	long len = 0; char *deck = NULL;
	if (!rank) {
		FILE *f = fopen(argv[2], "r"); if (!f) die(argv[2]);
		fseek(f, 0, SEEK_END); len = ftell(f); rewind(f);
		deck = malloc(len + 1); if (fread(deck, 1, len, f) != (size_t)len) die("fread"); fclose(f);
	}
	MPI_Bcast(&len, 1, MPI_LONG, 0, MPI_COMM_WORLD);
	if (rank) deck = malloc(len + 1);
	MPI_Bcast(deck, (int)len, MPI_CHAR, 0, MPI_COMM_WORLD); deck[len] = 0;
	long lines = 0; for (long i = 0; i < len; i++) lines += deck[i] == '\n';
	double s = work(atoi(argv[3]), atoi(argv[4]));
	if (!rank) fprintf(stderr, "error: deck has %ld lines (assembly %.3f) but mesh_parts=16 != %d ranks\n", lines, s, nprocs);
	return 1;
}

/* startup CFGDIR NFILES N REPS: every rank reads its NFILES small configuration files (as a code's startup
 * reads its module and library config), then computes */
static int startup(int argc, char **argv)
{
	(void)argc;
	int nf = atoi(argv[3]); char path[512], line[256]; long sum = 0;
	for (int i = 0; i < nf; i++) {
		snprintf(path, sizeof path, "%s/mod%03d.cfg", argv[2], i);
		FILE *f = fopen(path, "r"); if (!f) die(path);
		while (fgets(line, sizeof line, f)) sum += strlen(line);
		fclose(f);
	}
	double s = work(atoi(argv[4]), atoi(argv[5]));
	double mx; MPI_Reduce(&s, &mx, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	if (!rank) printf("startup read %ld bytes, result %.6f\n", sum, mx);
	return 0;
}

/* hello LOG N REPS: MPI hello world with a log: compute, then each rank appends one line to the job log */
static int hello(int argc, char **argv)
{
	(void)argc;
	char host[64]; gethostname(host, sizeof host);
	double s = work(atoi(argv[3]), atoi(argv[4]));
	for (int r = 0; r < nprocs; r++) {
		if (r == rank) {
			FILE *f = fopen(argv[2], "a"); if (!f) die(argv[2]);
			fprintf(f, "hello from rank %d of %d on %s (%.6f)\n", rank, nprocs, host, s); fclose(f);
		}
		MPI_Barrier(MPI_COMM_WORLD);
	}
	return 0;
}

/* solvbench HIST ITERS N REPS each|end: a solver benchmark; every iteration each rank appends its residual
 * line to its own history file; `each` fsync's it after every line, `end` once at the end */
static int solvbench(int argc, char **argv)
{
	(void)argc;
	int it = atoi(argv[3]), n = atoi(argv[4]), reps = atoi(argv[5]), each = !strcmp(argv[6], "each");
	char path[512], line[128]; snprintf(path, sizeof path, "%s.%d", argv[2], rank);
	int fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0644); if (fd < 0) die(path);
	double t0 = MPI_Wtime();
	for (int i = 0; i < it; i++) {
		double s = work(n, reps), g;
		MPI_Allreduce(&s, &g, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
		int l = snprintf(line, sizeof line, "iter %6d residual %.12e t %.6f\n", i, 1.0 / g, MPI_Wtime() - t0);
		if (write(fd, line, l) != l) die("write");
		if (each) fsync(fd);
	}
	if (!each) fsync(fd);
	close(fd);
	return 0;
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
	MPI_Barrier(MPI_COMM_WORLD); double t0 = MPI_Wtime(); int rc = 2;
	if (argc > 1 && !strcmp(argv[1], "unittest") && argc == 8) rc = unittest(argc, argv);
	else if (argc > 1 && !strcmp(argv[1], "earlyfail") && argc == 5) rc = earlyfail(argc, argv);
	else if (argc > 1 && !strcmp(argv[1], "startup") && argc == 6) rc = startup(argc, argv);
	else if (argc > 1 && !strcmp(argv[1], "hello") && argc == 5) rc = hello(argc, argv);
	else if (argc > 1 && !strcmp(argv[1], "solvbench") && argc == 7) rc = solvbench(argc, argv);
	else if (!rank) fprintf(stderr, "usage: app70 MODE ARGS\n");
	MPI_Barrier(MPI_COMM_WORLD);
	if (!rank) printf("own time %.3f s\n", MPI_Wtime() - t0);
	MPI_Finalize();
	return rc;
}
