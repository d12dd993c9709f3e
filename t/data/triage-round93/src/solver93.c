/* solver93: the MPI step in the middle of round 93's batch job (labels93).
 * Every rank reads the job's small config files through stdio (as every tool of a job script does), runs
 * ITERS relaxation sweeps on its slab, then writes its field (2 MiB of float64, one fwrite) and NSNAP small
 * per-rank text snapshot files (2 KiB each) into the node-local run directory; with "pack" the same snapshots
 * go one after the other into one file a rank (the fixed twin of the per-snapshot files).
 * usage: solver93 RUNDIR ITERS NSNAP [pack] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define N 262144

static double read_conf(const char *dir, const char *name)
{
	char path[4096], line[256];
	double sum = 0;
	snprintf(path, sizeof path, "%s/in/%s", dir, name);
	FILE *f = fopen(path, "r");
	if (!f) { perror(path); MPI_Abort(MPI_COMM_WORLD, 1); }
	while (fgets(line, sizeof line, f)) {
		char *eq = strchr(line, '=');
		if (eq) sum += atof(eq + 1);
	}
	fclose(f);
	return sum;
}

static void sweep(double *u, double *v, int iters, double w)
{
	for (int it = 0; it < iters; it++) {
		for (int i = 1; i < N - 1; i++)
			v[i] = u[i] + w * (u[i - 1] - 2 * u[i] + u[i + 1]);
		double *t = u; u = v; v = t;
	}
}

static void write_field(const char *dir, int rank, const double *u)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/out/field-%d.bin", dir, rank);
	FILE *f = fopen(path, "w");
	if (!f) { perror(path); MPI_Abort(MPI_COMM_WORLD, 1); }
	if (fwrite(u, sizeof *u, N, f) != N) { perror(path); MPI_Abort(MPI_COMM_WORLD, 1); }
	fclose(f);
}

static FILE *open_or_abort(const char *path)
{
	FILE *f = fopen(path, "w");
	if (!f) { perror(path); MPI_Abort(MPI_COMM_WORLD, 1); }
	return f;
}

static void write_snaps(const char *dir, int rank, const double *u, int nsnap, int pack)
{
	char path[4096], buf[2048];
	FILE *pf = NULL;
	snprintf(path, sizeof path, pack ? "%s/out/snap-r%d.txt" : "%s/out/snap/r%d", dir, rank);
	if (pack)
		pf = open_or_abort(path);
	else
		mkdir(path, 0755);
	for (int s = 0; s < nsnap; s++) {
		int n = 0;
		for (int k = 0; n < (int)sizeof buf - 40; k++)
			n += snprintf(buf + n, sizeof buf - n, "%.10e\n", u[(s * 97 + k * 131) % N]);
		snprintf(path, sizeof path, "%s/out/snap/r%d/s%04d.txt", dir, rank, s);
		FILE *f = pack ? pf : open_or_abort(path);
		fwrite(buf, 1, n, f);
		if (!pack)
			fclose(f);
	}
	if (pack)
		fclose(pf);
}

int main(int argc, char **argv)
{
	int rank;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	if (argc != 4 && argc != 5) { if (!rank) fprintf(stderr, "usage: solver93 RUNDIR ITERS NSNAP [pack]\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	const char *dir = argv[1];
	double w = 0.001 * (read_conf(dir, "job.conf") + read_conf(dir, "solver.conf") + read_conf(dir, "mesh.conf"));
	if (w > 0.25) w = 0.25;
	double *u = malloc(N * sizeof *u), *v = malloc(N * sizeof *v);
	for (int i = 0; i < N; i++) u[i] = v[i] = (double)((i * 7919 + rank * 104729) % 1000) / 1000.0;
	sweep(u, v, atoi(argv[2]), w);
	double local = 0, total = 0;
	for (int i = 0; i < N; i++) local += u[i];
	MPI_Reduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (!rank) {
		char d[4096];
		snprintf(d, sizeof d, "%s/out/snap", dir);
		mkdir(d, 0755);
	}
	MPI_Barrier(MPI_COMM_WORLD);
	write_field(dir, rank, u);
	write_snaps(dir, rank, u, atoi(argv[3]), argc == 5 && !strcmp(argv[4], "pack"));
	if (!rank) printf("solver93: sum %.6e\n", total);
	free(u); free(v);
	MPI_Finalize();
	return 0;
}
