/* Round 66: C stdio with setvbuf. Each MPI rank runs Jacobi sweeps and every step fprintf's RECS
 * records of ~100 B to its own file through a FILE whose buffer is set with setvbuf(fp, buf, _IOFBF,
 * BUFSZ) (our own buffer: glibc ignores the size when buf is NULL), then fclose at the end. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	int rank;
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	if (argc < 7) { if (!rank) fprintf(stderr, "usage: stdio66 CELLS_K STEPS SWEEPS RECS BUFSZ PATH\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	int n = atoi(argv[1]) * 1024, steps = atoi(argv[2]), sw = atoi(argv[3]), recs = atoi(argv[4]);
	size_t bs = strtoul(argv[5], 0, 10);
	char path[512];
	snprintf(path, sizeof path, "%s.%d", argv[6], rank);
	double *u = malloc(n * sizeof *u), *v = malloc(n * sizeof *v), acc = 0;
	for (int i = 0; i < n; i++) u[i] = (i * 7 + rank) % 13;
	MPI_Barrier(MPI_COMM_WORLD);
	double t0 = MPI_Wtime();
	FILE *f = fopen(path, "w");
	char *buf = malloc(bs);
	if (!f || !buf || setvbuf(f, buf, _IOFBF, bs)) MPI_Abort(MPI_COMM_WORLD, 1);
	for (int s = 0; s < steps; s++) {
		for (int k = 0; k < sw; k++) {
			for (int i = 1; i < n - 1; i++) v[i] = 0.5 * (u[i - 1] + u[i + 1]);
			double *t = u; u = v; v = t; acc += u[n / 2];
		}
		for (int r = 0; r < recs; r++)
			fprintf(f, "%8d %8d %8d %24.16e %24.16e %16.8f\n", s, rank, r, u[(r * 37) % n], acc, u[r % n] * 3.0);
	}
	fclose(f);
	double t = MPI_Wtime() - t0, tmax;
	MPI_Reduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	if (!rank) printf("bufsz %zu slowest %.3f s (acc %g)\n", bs, tmax, acc);
	MPI_Finalize();
	return 0;
}
