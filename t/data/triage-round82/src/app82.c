/* Round 82's MPI programs (labels82): md and mc of an ordinary evening's queue. */
#include <fcntl.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* md: N particles a rank, 1-D neighbour-list-free pair forces in a window; every `every` steps
 * rank 0 gathers positions and appends one frame (stdio fwrite) to a trajectory, as small MD codes do. */
static int md(int argc, char **argv, int rank, int np)
{
	int n = atoi(argv[2]), steps = atoi(argv[3]), every = atoi(argv[4]);
	double *x = malloc(sizeof(double) * n * 3), *v = calloc(n * 3, sizeof(double));
	double *all = rank == 0 ? malloc(sizeof(double) * n * 3 * np) : NULL;
	FILE *f = rank == 0 ? fopen(argv[5], "w") : NULL;
	(void)argc;
	for (int i = 0; i < n * 3; i++) x[i] = (double)((i * 7919 + rank * 104729) % 1000) / 10.0;
	for (int s = 0; s < steps; s++) {
		for (int i = 0; i < n; i++) {
			double fx = 0, fy = 0, fz = 0;
			for (int j = (i > 32 ? i - 32 : 0); j < n && j < i + 32; j++) {
				if (j == i) continue;
				double dx = x[3*i] - x[3*j], dy = x[3*i+1] - x[3*j+1], dz = x[3*i+2] - x[3*j+2];
				double r2 = dx*dx + dy*dy + dz*dz + 0.5, r6 = 1.0 / (r2*r2*r2);
				double ff = (12.0*r6*r6 - 6.0*r6) / r2 * 1e-6;
				fx += ff*dx; fy += ff*dy; fz += ff*dz;
			}
			v[3*i] += fx; v[3*i+1] += fy; v[3*i+2] += fz;
		}
		for (int i = 0; i < n * 3; i++) x[i] += 1e-3 * v[i];
		if (s % every == 0) {
			MPI_Gather(x, n * 3, MPI_DOUBLE, all, n * 3, MPI_DOUBLE, 0, MPI_COMM_WORLD);
			if (rank == 0) fwrite(all, sizeof(double), (size_t)n * 3 * np, f);
		}
	}
	if (f) fclose(f);
	free(x); free(v); free(all);
	return 0;
}

/* mc: histories in batches; after each batch every rank appends its 256-byte tally record to its own file.
 * mode "sync" fsyncs after every record (so a killed job keeps its tallies); "end" fsyncs once at the end. */
static int mc(int argc, char **argv, int rank)
{
	int batches = atoi(argv[2]), hist = atoi(argv[3]), sync = !strcmp(argv[5], "sync");
	char path[512];
	double tally[32] = {0};
	unsigned long long s = 88172645463325252ULL + (unsigned)rank;
	(void)argc;
	snprintf(path, sizeof path, "%s.%d", argv[4], rank);
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0644);
	if (fd < 0) return 1;
	for (int b = 0; b < batches; b++) {
		for (int h = 0; h < hist; h++) {
			double xpos = 0;
			for (int k = 0; k < 20; k++) {
				s ^= s << 13; s ^= s >> 7; s ^= s << 17;
				xpos += (double)(s >> 11) / 9007199254740992.0 - 0.45;
			}
			int bin = (int)(xpos * 4 + 16);
			tally[bin < 0 ? 0 : bin > 31 ? 31 : bin] += 1;
		}
		if (write(fd, tally, sizeof tally) != sizeof tally) return 1;
		if (sync) fsync(fd);
	}
	fsync(fd);
	close(fd);
	MPI_Barrier(MPI_COMM_WORLD);
	return 0;
}

int main(int argc, char **argv)
{
	int rank, np, rc = 2;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	double t0 = MPI_Wtime();
	if (argc >= 6 && !strcmp(argv[1], "md")) rc = md(argc, argv, rank, np);
	else if (argc >= 6 && !strcmp(argv[1], "mc")) rc = mc(argc, argv, rank);
	if (rank == 0) printf("%s: %.3f s\n", argv[1], MPI_Wtime() - t0);
	MPI_Finalize();
	return rc;
}
