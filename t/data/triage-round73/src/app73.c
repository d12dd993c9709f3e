/* Round 73: hybrid MPI + OpenMP programs doing I/O, as users write them.
 * usage: app73 MODE DIR STEPS N SWEEPS [ARG]
 *   every rank holds nthreads blocks of N doubles (one a thread); a step is SWEEPS relaxation sweeps
 *   over each thread's block (real arithmetic), then the mode's I/O:
 *   rankfile  each thread pwrites its block into its rank's file DIR/rank.R
 *   shared    each thread pwrites its block into one shared file DIR/shared.dat (disjoint offsets)
 *   mpiio     MPI_THREAD_MULTIPLE: each thread MPI_File_write_at's its block into DIR/mpiio.dat
 *   tinyfpt   a file per thread DIR/fpt.R.T; ARG=tiny: the block in 64-byte write()s; ARG=big: one write()
 *   journal   a critical section around fwrite of the thread's 4 KiB record; ARG=each: fflush+fsync after
 *             every record (per-record durability), ARG=end: one fsync at the end
 *   stepfile  ARG=perstep: each thread creates DIR/s.R.T.STEP per step; ARG=keep: one file a thread, appended
 *   pread     before the steps, threads pread disjoint 1 MiB pieces of input ARG (the rank's share) */
#define _GNU_SOURCE
#include <fcntl.h>
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int rank, np, nt;
static const char *mode, *dir, *arg;
static long steps, n, sweeps;

static double relax(double *a, long m, long s)
{
	double r = 0;
	for (long k = 0; k < s; k++) {
		double prev = a[0];
		for (long i = 1; i < m - 1; i++) {
			double cur = a[i];
			a[i] = 0.5 * cur + 0.25 * (prev + a[i + 1]) + 1e-9 * (double)(i % 7);
			prev = cur;
		}
	}
	for (long i = 0; i < m; i++)
		r += a[i];
	return r;
}

static void die(const char *what)
{
	perror(what);
	MPI_Abort(MPI_COMM_WORLD, 1);
}

static void xwrite(int fd, const void *p, size_t len, off_t off)
{
	if (pwrite(fd, p, len, off) != (ssize_t)len)
		die("pwrite");
}

static void tiny(int fd, const char *p, size_t len)
{
	for (size_t o = 0; o < len; o += 64)
		if (write(fd, p + o, len - o < 64 ? len - o : 64) < 0)
			die("write");
}

static void read_input(double *a)
{
	int fd = open(arg, O_RDONLY);
	if (fd < 0)
		die(arg);
	size_t per = (size_t)n * 8, piece = 1 << 20;
#pragma omp parallel
	{
		int t = omp_get_thread_num();
		char *p = (char *)(a + (size_t)t * n);
		off_t base = ((off_t)rank * nt + t) * per;
		for (size_t o = 0; o < per; o += piece)
			if (pread(fd, p + o, per - o < piece ? per - o : piece, base + o) < 0)
				die("pread");
	}
	close(fd);
}

int main(int argc, char **argv)
{
	int prov;
	if (argc < 6) {
		fprintf(stderr, "usage: app73 MODE DIR STEPS N SWEEPS [ARG]\n");
		return 2;
	}
	mode = argv[1], dir = argv[2], steps = atol(argv[3]), n = atol(argv[4]), sweeps = atol(argv[5]);
	arg = argc > 6 ? argv[6] : "";
	MPI_Init_thread(&argc, &argv, strcmp(mode, "mpiio") ? MPI_THREAD_FUNNELED : MPI_THREAD_MULTIPLE, &prov);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	nt = omp_get_max_threads();
	if (!strcmp(mode, "mpiio") && prov < MPI_THREAD_MULTIPLE) {
		fprintf(stderr, "no MPI_THREAD_MULTIPLE\n");
		MPI_Abort(MPI_COMM_WORLD, 1);
	}
	double *a = malloc((size_t)nt * n * 8);
	for (long i = 0; i < (long)nt * n; i++)
		a[i] = (double)((i * 2654435761u + rank) % 1000) / 1000.0;
	char path[512];
	int fd = -1;
	FILE *jf = NULL;
	MPI_File fh;
	size_t blk = (size_t)n * 8;
	if (!strcmp(mode, "pread"))
		read_input(a);
	if (!strcmp(mode, "rankfile")) {
		snprintf(path, sizeof path, "%s/rank.%d", dir, rank);
		if ((fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644)) < 0)
			die(path);
	} else if (!strcmp(mode, "shared")) {
		snprintf(path, sizeof path, "%s/shared.dat", dir);
		if ((fd = open(path, O_WRONLY | O_CREAT, 0644)) < 0)
			die(path);
	} else if (!strcmp(mode, "mpiio")) {
		snprintf(path, sizeof path, "%s/mpiio.dat", dir);
		if (MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_WRONLY | MPI_MODE_CREATE, MPI_INFO_NULL, &fh))
			die(path);
	} else if (!strcmp(mode, "journal")) {
		snprintf(path, sizeof path, "%s/journal.%d", dir, rank);
		if (!(jf = fopen(path, "w")))
			die(path);
	}
	double tot = 0;
	int fpt[64];
	if (!strcmp(mode, "tinyfpt") || (!strcmp(mode, "stepfile") && !strcmp(arg, "keep"))) {
		for (int t = 0; t < nt; t++) {
			snprintf(path, sizeof path, "%s/fpt.%d.%d", dir, rank, t);
			if ((fpt[t] = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644)) < 0)
				die(path);
		}
	}
	for (long s = 0; s < steps; s++) {
#pragma omp parallel reduction(+ : tot)
		{
			int t = omp_get_thread_num();
			double *b = a + (size_t)t * n;
			tot += relax(b, n, sweeps);
			off_t off;
			if (!strcmp(mode, "rankfile")) {
				xwrite(fd, b, blk, ((off_t)s * nt + t) * blk);
			} else if (!strcmp(mode, "shared")) {
				off = (((off_t)s * np + rank) * nt + t) * blk;
				xwrite(fd, b, blk, off);
			} else if (!strcmp(mode, "mpiio")) {
				off = (((off_t)s * np + rank) * nt + t) * blk;
				MPI_File_write_at(fh, off, b, (int)n, MPI_DOUBLE, MPI_STATUS_IGNORE);
			} else if (!strcmp(mode, "tinyfpt")) {
				if (!strcmp(arg, "tiny"))
					tiny(fpt[t], (const char *)b, blk);
				else if (write(fpt[t], b, blk) < 0)
					die("write");
			} else if (!strcmp(mode, "journal")) {
				for (long r = 0; r < 8; r++) {
#pragma omp critical(journal)
					{
						fwrite(b + r * 512, 8, 512, jf);
						if (!strcmp(arg, "each")) {
							fflush(jf);
							fsync(fileno(jf));
						}
					}
				}
			} else if (!strcmp(mode, "stepfile")) {
				if (!strcmp(arg, "perstep")) {
					char p2[512];
					snprintf(p2, sizeof p2, "%s/s.%d.%d.%ld", dir, rank, t, s);
					int f2 = open(p2, O_WRONLY | O_CREAT | O_TRUNC, 0644);
					if (f2 < 0)
						die(p2);
					if (write(f2, b, blk) < 0)
						die("write");
					close(f2);
				} else if (write(fpt[t], b, blk) < 0)
					die("write");
			}
		}
	}
	if (jf) {
		fflush(jf);
		fsync(fileno(jf));
		fclose(jf);
	}
	if (fd >= 0)
		close(fd);
	if (!strcmp(mode, "mpiio"))
		MPI_File_close(&fh);
	if (!strcmp(mode, "tinyfpt") || (!strcmp(mode, "stepfile") && !strcmp(arg, "keep")))
		for (int t = 0; t < nt; t++)
			close(fpt[t]);
	double g;
	MPI_Reduce(&tot, &g, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (rank == 0) {
		snprintf(path, sizeof path, "%s/result.%s.txt", dir, mode);
		FILE *f = fopen(path, "w");
		if (f) {
			fprintf(f, "%s %d ranks x %d threads checksum %.6e\n", mode, np, nt, g);
			fclose(f);
		}
	}
	free(a);
	MPI_Finalize();
	return 0;
}
