/* Round 60: an ordinary day's jobs. Every mode computes (Jacobi sweeps over a local 1-D grid with a
 * halo exchange) and does the I/O its kind of job does. Prints the slowest rank's wall time. */
#include <mpi.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int rank, nprocs;

static double sweep(double *u, double *v, long n, int sweeps)
{
	int l = (rank + nprocs - 1) % nprocs, r = (rank + 1) % nprocs;
	for (int s = 0; s < sweeps; s++) {
		MPI_Sendrecv(&u[n], 1, MPI_DOUBLE, r, 0, &u[0], 1, MPI_DOUBLE, l, 0, MPI_COMM_WORLD,
			     MPI_STATUS_IGNORE);
		MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, l, 1, &u[n + 1], 1, MPI_DOUBLE, r, 1, MPI_COMM_WORLD,
			     MPI_STATUS_IGNORE);
		for (long i = 1; i <= n; i++)
			v[i] = 0.5 * u[i] + 0.25 * (u[i - 1] + u[i + 1]);
		memcpy(&u[1], &v[1], n * sizeof(double));
	}
	return u[n / 2];
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
	if (argc < 5) {
		if (!rank) fprintf(stderr, "usage: app60 MODE CELLS_K STEPS SWEEPS [args]\n");
		MPI_Abort(MPI_COMM_WORLD, 2);
	}
	const char *mode = argv[1];
	long n = atol(argv[2]) * 1024;
	int steps = atoi(argv[3]), sweeps = atoi(argv[4]);
	double *u = calloc(n + 2, sizeof(double)), *v = calloc(n + 2, sizeof(double));
	for (long i = 0; i < n + 2; i++) u[i] = (double)((i * 7 + rank) % 101);
	double acc = 0;
	MPI_Barrier(MPI_COMM_WORLD);
	double t0 = MPI_Wtime();
	if (!strcmp(mode, "sim")) { /* sim ... EVERY OUT: N-1 output, one write_at_all a rank */
		int every = atoi(argv[5]);
		for (int s = 1; s <= steps; s++) {
			acc += sweep(u, v, n, sweeps);
			if (s % every) continue;
			char fn[512]; MPI_File fh;
			snprintf(fn, sizeof fn, "%s.%d", argv[6], s / every);
			MPI_File_open(MPI_COMM_WORLD, fn, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
			MPI_File_write_at_all(fh, (MPI_Offset)rank * n * 8, &u[1], n, MPI_DOUBLE, MPI_STATUS_IGNORE);
			MPI_File_close(&fh);
		}
	} else if (!strcmp(mode, "restart")) { /* restart ... FILE: one read_at_all, then steps */
		MPI_File fh;
		MPI_File_open(MPI_COMM_WORLD, argv[5], MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
		MPI_File_read_at_all(fh, (MPI_Offset)rank * n * 8, &u[1], n, MPI_DOUBLE, MPI_STATUS_IGNORE);
		MPI_File_close(&fh);
		for (int s = 1; s <= steps; s++) acc += sweep(u, v, n, sweeps);
	} else if (!strcmp(mode, "quiet")) { /* quiet ... CFG: every rank reads a 3-line config */
		char line[256]; FILE *f = fopen(argv[5], "r");
		while (f && fgets(line, sizeof line, f)) acc += strlen(line);
		if (f) fclose(f);
		for (int s = 1; s <= steps; s++) acc += sweep(u, v, n, sweeps);
	} else if (!strcmp(mode, "ens")) { /* ens ... PARAMS OUT: members read params, write result once */
		char line[256]; FILE *f = fopen(argv[5], "r");
		while (f && fgets(line, sizeof line, f)) acc += atof(line);
		if (f) fclose(f);
		for (int s = 1; s <= steps; s++) acc += sweep(u, v, n, sweeps);
		char fn[512]; snprintf(fn, sizeof fn, "%s.%d", argv[6], rank);
		FILE *o = fopen(fn, "w");
		fwrite(&u[1], sizeof(double), n, o);
		fclose(o);
	} else if (!strcmp(mode, "diag")) { /* diag ... OUT flush|noflush: rank 0 logs a line a step */
		int fl = !strcmp(argv[6], "flush");
		FILE *o = rank ? NULL : fopen(argv[5], "w");
		for (int s = 1; s <= steps; s++) {
			acc += sweep(u, v, n, sweeps);
			double loc = u[n / 2], mx;
			MPI_Reduce(&loc, &mx, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
			if (o) {
				fprintf(o, "step %6d  max %.12e  res %.12e  t %.6f  dt %.6e\n", s, mx, acc,
					MPI_Wtime() - t0, 1e-3 / s);
				if (fl) fflush(o);
			}
			MPI_Barrier(MPI_COMM_WORLD);
		}
		if (o) fclose(o);
	} else if (!strcmp(mode, "mover")) { /* mover ... SRC DST BUF: stage a file, rank 0 */
		size_t bs = atol(argv[7]);
		char *b = malloc(bs);
		if (!rank) {
			int in = open(argv[5], O_RDONLY), out = open(argv[6], O_WRONLY | O_CREAT | O_TRUNC, 0644);
			ssize_t k;
			while ((k = read(in, b, bs)) > 0) {
				for (ssize_t i = 0; i < k; i += 64) acc += (unsigned char)b[i];
				if (write(out, b, k) != k) break;
			}
			close(in); close(out);
		}
		for (int s = 1; s <= steps; s++) acc += sweep(u, v, n, sweeps);
	} else if (!strcmp(mode, "tinyread")) { /* tinyread ... FILE RSZ: a serial tool's read(2) loop */
		size_t rs = atol(argv[6]);
		char *b = malloc(rs);
		int in = open(argv[5], O_RDONLY);
		ssize_t k;
		while ((k = read(in, b, rs)) > 0) acc += (unsigned char)b[0];
		close(in);
		for (int s = 1; s <= steps; s++) acc += sweep(u, v, n, sweeps);
	}
	MPI_Barrier(MPI_COMM_WORLD);
	double t = MPI_Wtime() - t0, tm;
	MPI_Reduce(&t, &tm, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	if (!rank) printf("%s np %d: %.3f s (acc %.3g)\n", mode, nprocs, tm, acc);
	MPI_Finalize();
	return 0;
}
