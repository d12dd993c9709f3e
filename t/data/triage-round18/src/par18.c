/* par18: MPI programs for triage round 18 (issue 34). Each mode prints the
 * slowest rank's time from a barrier before its I/O to its end. */
#define _GNU_SOURCE
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>
#include <time.h>

static int rank, np;

static void spin(double s)	/* compute: a busy loop, not a sleep */
{
	double t0 = MPI_Wtime();
	volatile double x = 1;
	while (MPI_Wtime() - t0 < s)
		for (int i = 0; i < 10000; i++)
			x = x * 1.0000001 + 1e-9;
}

/* climate-like: one history file per simulated day, each rank's MiB-sized
 * slab written by one collective MPI_File_write_at_all */
static void history(const char *dir, int days, int mib, double step)
{
	size_t n = (size_t)mib << 20;
	char *buf = malloc(n), path[512];
	memset(buf, rank + 1, n);
	for (int d = 0; d < days; d++) {
		spin(step);
		MPI_File fh;
		snprintf(path, sizeof path, "%s/hist.day%03d.nc", dir, d);
		MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
		MPI_File_write_at_all(fh, 4096 + (MPI_Offset)rank * n, buf, (int)n, MPI_BYTE, MPI_STATUS_IGNORE);
		if (rank == 0)
			MPI_File_write_at(fh, 0, buf, 4096, MPI_BYTE, MPI_STATUS_IGNORE);
		MPI_File_close(&fh);
	}
	free(buf);
}

/* the same history, netCDF-like: `nvar` variables a day, each rank's part of
 * each variable (mib/nvar) written by its own collective call */
static void histvars(const char *dir, int days, int mib, double step, int nvar)
{
	size_t n = (size_t)mib << 20, part = n / nvar;
	char *buf = malloc(n), path[512];
	memset(buf, rank + 1, n);
	for (int d = 0; d < days; d++) {
		spin(step);
		MPI_File fh;
		snprintf(path, sizeof path, "%s/hist.day%03d.nc", dir, d);
		MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
		if (rank == 0)
			MPI_File_write_at(fh, 0, buf, 4096, MPI_BYTE, MPI_STATUS_IGNORE);
		for (int v = 0; v < nvar; v++) {
			MPI_Offset off = 4096 + (MPI_Offset)v * part * np + (MPI_Offset)rank * part;
			MPI_File_write_at_all(fh, off, buf + v * part, (int)part, MPI_BYTE, MPI_STATUS_IGNORE);
		}
		MPI_File_close(&fh);
	}
	free(buf);
}

/* each rank preads its own slice of one large input in 8 MiB calls */
static void slices(const char *in, int mib_per_rank, int chunk_mib)
{
	size_t c = (size_t)chunk_mib << 20;
	char *buf = malloc(c);
	int fd = open(in, O_RDONLY);
	off_t base = (off_t)rank * ((off_t)mib_per_rank << 20);
	for (off_t o = 0; o < ((off_t)mib_per_rank << 20); o += c)
		if (pread(fd, buf, c, base + o) < 0) perror("pread");
	close(fd);
	free(buf);
}

/* checkpoint every `every` s of compute: each rank writes its own file */
static void ckpt(const char *dir, int n, double every, int mib)
{
	size_t sz = (size_t)mib << 20;
	char *buf = malloc(sz), path[512];
	memset(buf, rank, sz);
	for (int i = 0; i < n; i++) {
		spin(every);
		snprintf(path, sizeof path, "%s/ckpt.%d.%d", dir, i, rank);
		int fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0644);
		for (size_t o = 0; o < sz; o += 1 << 20)
			if (write(fd, buf + o, 1 << 20) < 0) perror("write");
		close(fd);
	}
	free(buf);
}

/* a text dump: each rank writes its doubles with fprintf (%.17g) or fwrite */
static void dump(const char *dir, long n, int text)
{
	char path[512];
	double *v = malloc(n * sizeof *v);
	for (long i = 0; i < n; i++) v[i] = (rank + 1) * 1e-3 * i + 1.0 / (i + 1);
	snprintf(path, sizeof path, "%s/field.%d.%s", dir, rank, text ? "txt" : "bin");
	FILE *f = fopen(path, "w");
	if (text)
		for (long i = 0; i < n; i++) fprintf(f, "%.17g\n", v[i]);
	else
		fwrite(v, sizeof *v, n, f);
	fclose(f);
	free(v);
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	MPI_Barrier(MPI_COMM_WORLD);
	double t0 = MPI_Wtime();
	const char *m = argv[1];
	if (!strcmp(m, "history")) history(argv[2], atoi(argv[3]), atoi(argv[4]), atof(argv[5]));
	else if (!strcmp(m, "histvars")) histvars(argv[2], atoi(argv[3]), atoi(argv[4]), atof(argv[5]), atoi(argv[6]));
	else if (!strcmp(m, "slices")) slices(argv[2], atoi(argv[3]), atoi(argv[4]));
	else if (!strcmp(m, "ckpt")) ckpt(argv[2], atoi(argv[3]), atof(argv[4]), atoi(argv[5]));
	else if (!strcmp(m, "dump")) dump(argv[2], atol(argv[3]), !strcmp(argv[4], "text"));
	double t = MPI_Wtime() - t0, mx;
	MPI_Reduce(&t, &mx, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	if (rank == 0) printf("%s %.3f\n", m, mx);
	MPI_Finalize();
	return 0;
}
