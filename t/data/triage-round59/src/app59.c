/* Round 59's MPI/serial C programs as a new user writes them (see ../README.md). */
#include <mpi.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int rk, np;

/* real arithmetic: a damped 1-D relaxation over n values, reps times */
static double work(double *a, long n, int reps)
{
	double s = 0;
	for (int r = 0; r < reps; r++)
		for (long i = 1; i < n - 1; i++) {
			a[i] = 0.25 * a[i - 1] + 0.5 * a[i] + 0.25 * a[i + 1] + 1e-9 * sin((double)i);
			s += a[i];
		}
	return s;
}

/* serial: the input table is read again every step ("to save memory") or once */
static void reread(const char *in, int steps, int each)
{
	long n = 16L << 20; /* 128 MiB of doubles */
	double *a = malloc(n * sizeof *a), s = 0;
	for (int t = 0; t < steps; t++) {
		if (each || t == 0) {
			FILE *f = fopen(in, "rb");
			if (!f || fread(a, sizeof *a, n, f) != (size_t)n) { perror(in); exit(1); }
			fclose(f);
		}
		s += work(a, n / 4, 1);
	}
	printf("reread %s sum %g\n", each ? "each" : "once", s);
	free(a);
}

/* tutorial: every rank computes, rank 0 gathers and writes one binary file */
static void gather(long n, int steps, const char *out)
{
	double *a = calloc(n, sizeof *a), *all = NULL, s;
	for (long i = 0; i < n; i++) a[i] = rk + i * 1e-6;
	s = work(a, n, steps);
	if (rk == 0) all = malloc(n * np * sizeof *all);
	MPI_Gather(a, n, MPI_DOUBLE, all, n, MPI_DOUBLE, 0, MPI_COMM_WORLD);
	if (rk == 0) {
		FILE *f = fopen(out, "wb");
		fwrite(all, sizeof *all, n * np, f);
		fclose(f);
		printf("gather sum %g\n", s);
	}
	free(a); free(all);
}

/* a sweep of short cases in one job: each case writes a small CSV */
static void sweep(int ncases, const char *dir)
{
	char p[512];
	for (int c = rk; c < ncases; c += np) {
		double x = 0.1 + 0.8 * c / ncases, r = 3.5 + 0.5 * c / ncases;
		snprintf(p, sizeof p, "%s/case_%03d.csv", dir, c);
		FILE *f = fopen(p, "w");
		fprintf(f, "iter,x\n");
		for (int i = 0; i < 20000000; i++) {
			x = r * x * (1 - x);
			if (i % 200000 == 0) fprintf(f, "%d,%.12f\n", i, x);
		}
		fclose(f);
	}
}

/* tutorial: every rank writes its own text file; "flush" flushes every line to see progress */
static void rankfiles(int nlines, int reps, const char *pfx, int flush)
{
	char p[512];
	long n = 4096;
	double *a = calloc(n, sizeof *a);
	snprintf(p, sizeof p, "%s.%d.txt", pfx, rk);
	FILE *f = fopen(p, "w");
	for (int i = 0; i < nlines; i++) {
		double s = work(a, n, reps);
		a[i % n] += 1.0;
		fprintf(f, "step %6d rank %d value %.9e\n", i, rk, s);
		if (flush) fflush(f);
	}
	fclose(f);
	free(a);
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rk);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc > 4 && !strcmp(argv[1], "reread")) reread(argv[2], atoi(argv[3]), !strcmp(argv[4], "each"));
	else if (argc > 4 && !strcmp(argv[1], "gather")) gather(atol(argv[2]), atoi(argv[3]), argv[4]);
	else if (argc > 3 && !strcmp(argv[1], "sweep")) sweep(atoi(argv[2]), argv[3]);
	else if (argc > 5 && !strcmp(argv[1], "rankfiles")) rankfiles(atoi(argv[2]), atoi(argv[3]), argv[4], !strcmp(argv[5], "flush"));
	else if (rk == 0) fprintf(stderr, "usage: app59 reread|gather|sweep|rankfiles ...\n");
	MPI_Finalize();
	return 0;
}
