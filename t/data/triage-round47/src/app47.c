/* Round 47's MPI programs: a compute loop (Jacobi sweeps over a local 1-D grid, halo by MPI_Sendrecv)
 * with the I/O of one mode. Usage: app47 MODE CELLS_K STEPS SWEEPS PATH [ARG].
 * Prints the slowest rank's wall time (barrier to barrier). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int rank, np;
static double *u, *v;
static long n;

static void sweep(int sweeps)
{
	for (int s = 0; s < sweeps; s++) {
		int l = (rank + np - 1) % np, r = (rank + 1) % np;
		MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, l, 0, &u[n + 1], 1, MPI_DOUBLE, r, 0, MPI_COMM_WORLD,
			     MPI_STATUS_IGNORE);
		MPI_Sendrecv(&u[n], 1, MPI_DOUBLE, r, 1, &u[0], 1, MPI_DOUBLE, l, 1, MPI_COMM_WORLD,
			     MPI_STATUS_IGNORE);
		for (long i = 1; i <= n; i++)
			v[i] = 0.5 * u[i] + 0.25 * (u[i - 1] + u[i + 1]);
		double *t = u; u = v; v = t;
	}
}

static void wr(int fd, const void *b, size_t len, off_t off)
{
	if (pwrite(fd, b, len, off) != (ssize_t)len) { perror("pwrite"); MPI_Abort(MPI_COMM_WORLD, 1); }
}

static void rd(int fd, void *b, size_t len, off_t off)
{
	if (pread(fd, b, len, off) != (ssize_t)len) { perror("pread"); MPI_Abort(MPI_COMM_WORLD, 1); }
}

static int opn(const char *p, int fl)
{
	int fd = open(p, fl, 0644);
	if (fd < 0) { perror(p); MPI_Abort(MPI_COMM_WORLD, 1); }
	return fd;
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc < 6) { if (!rank) fprintf(stderr, "usage: app47 MODE CELLS_K STEPS SWEEPS PATH [ARG]\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	const char *mode = argv[1], *path = argv[5];
	n = atol(argv[2]) * 1024; int steps = atoi(argv[3]), sweeps = atoi(argv[4]);
	long arg = argc > 6 ? atol(argv[6]) : 0;
	u = calloc(n + 2, sizeof *u); v = calloc(n + 2, sizeof *v);
	for (long i = 0; i < n + 2; i++) u[i] = (double)((i * 7 + rank) % 101);
	char fn[512]; int fd = -1; MPI_File fh; size_t bytes = n * sizeof(double);
	char *buf = malloc(bytes > (64 << 20) ? bytes : (64 << 20));
	memset(buf, 'a' + rank, bytes > (64 << 20) ? bytes : (64 << 20));
	MPI_Barrier(MPI_COMM_WORLD); double t0 = MPI_Wtime();
	if (!strcmp(mode, "slab")) {	/* each rank preads its slab in ARG-KiB requests */
		struct stat st; fd = opn(path, O_RDONLY); fstat(fd, &st);
		off_t sl = st.st_size / np, req = arg * 1024;
		for (off_t o = 0; o < sl; o += req) rd(fd, buf, req, rank * sl + o);
		close(fd);
	} else if (!strcmp(mode, "restart")) {	/* one collective read a rank */
		MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
		MPI_File_read_at_all(fh, (MPI_Offset)rank * bytes, u + 1, n, MPI_DOUBLE, MPI_STATUS_IGNORE);
		MPI_File_close(&fh);
	}
	for (int s = 1; s <= steps; s++) {
		sweep(sweeps);
		if (!strcmp(mode, "ckpt") && s % arg == 0) {	/* N-1 collective checkpoint */
			snprintf(fn, sizeof fn, "%s.%d", path, s);
			MPI_File_open(MPI_COMM_WORLD, fn, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
			MPI_File_write_at_all(fh, (MPI_Offset)rank * bytes, u + 1, n, MPI_DOUBLE, MPI_STATUS_IGNORE);
			MPI_File_close(&fh);
		} else if (!strncmp(mode, "fsync", 5)) {	/* a 256 B record a step; fsync-rec syncs each, fsync-end once */
			if (s == 1) { snprintf(fn, sizeof fn, "%s.%d", path, rank); fd = opn(fn, O_CREAT | O_WRONLY | O_TRUNC | O_APPEND); }
			char rec[256]; memset(rec, ' ', sizeof rec);
			snprintf(rec, sizeof rec, "step %d rank %d u %.12e", s, rank, u[n / 2]); rec[255] = '\n';
			if (write(fd, rec, sizeof rec) != sizeof rec) MPI_Abort(MPI_COMM_WORLD, 1);
			if (!strcmp(mode, "fsync-rec") || s == steps) fdatasync(fd);
			if (s == steps) close(fd);
		} else if (!strcmp(mode, "state") && s % arg == 0) {	/* each rank rewrites its state file */
			snprintf(fn, sizeof fn, "%s.%d", path, rank); fd = opn(fn, O_CREAT | O_WRONLY | O_TRUNC);
			wr(fd, u + 1, bytes, 0); close(fd);
		} else if (!strcmp(mode, "colltiny") || !strcmp(mode, "collbatch")) {
			/* ARG records of 64 B a rank a step; tiny: one collective a record, batch: one a step */
			if (s == 1) MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
			MPI_Offset base = ((MPI_Offset)(s - 1) * np + rank) * arg * 64;
			if (mode[4] == 't')
				for (long k = 0; k < arg; k++)
					MPI_File_write_at_all(fh, base + k * 64, buf, 64, MPI_BYTE, MPI_STATUS_IGNORE);
			else
				MPI_File_write_at_all(fh, base, buf, arg * 64, MPI_BYTE, MPI_STATUS_IGNORE);
			if (s == steps) MPI_File_close(&fh);
		}
	}
	if (!strcmp(mode, "fpp") || !strcmp(mode, "small")) {
		/* own file a rank: its field (CELLS_K KiB doubles) in ARG-byte writes */
		long tot = (long)bytes;
		snprintf(fn, sizeof fn, "%s.%d", path, rank); fd = opn(fn, O_CREAT | O_WRONLY | O_TRUNC);
		for (long o = 0; o < tot; o += arg) wr(fd, buf + (o % (32 << 20)), tot - o < arg ? tot - o : arg, o);
		close(fd);
	} else if (!strcmp(mode, "mc") && rank == 0) {	/* a small text summary */
		FILE *f = fopen(path, "w");
		for (int i = 0; i < 64; i++) fprintf(f, "bin %d %.9f\n", i, u[1 + i * (n / 64)]);
		fclose(f);
	}
	MPI_Barrier(MPI_COMM_WORLD); double t = MPI_Wtime() - t0, mx;
	MPI_Reduce(&t, &mx, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	if (!rank) printf("%s np %d: %.3f s\n", mode, np, mx);
	MPI_Finalize();
	return 0;
}
