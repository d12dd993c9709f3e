/* app32.c: MPI jobs of real length as users write them (round 32 of issue 34's labelled sets).
 * Every mode is a main loop of compute steps (Jacobi sweeps over a local 1-D grid, real arithmetic)
 * with I/O phases between them, good or bad. Usage: app32 MODE CELLS_K STEPS SWEEPS ARGS...
 * Each run prints the slowest rank's wall time from the first barrier to the last, and the
 * slowest rank's time inside the I/O calls of the program's own (MPI_Wtime around them). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>
#include <sys/stat.h>

static int rank, nprocs;
static double *grid, *tmpg;
static long ncell;
static double iot; /* this rank's seconds inside I/O calls */

/* One coupled step: `sweeps` Jacobi sweeps over the local grid, halo exchange with neighbours. */
static void compute(int sweeps)
{
	int left = rank > 0 ? rank - 1 : MPI_PROC_NULL, right = rank < nprocs - 1 ? rank + 1 : MPI_PROC_NULL;
	for (int s = 0; s < sweeps; s++) {
		MPI_Sendrecv(&grid[1], 1, MPI_DOUBLE, left, 0, &grid[ncell + 1], 1, MPI_DOUBLE, right, 0,
			     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		MPI_Sendrecv(&grid[ncell], 1, MPI_DOUBLE, right, 1, &grid[0], 1, MPI_DOUBLE, left, 1,
			     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		for (long i = 1; i <= ncell; i++)
			tmpg[i] = 0.5 * grid[i] + 0.25 * (grid[i - 1] + grid[i + 1]);
		double *t = grid; grid = tmpg; tmpg = t;
	}
}

/* An uncoupled step (no halo): a rank's own work, e.g. particles of its region. */
static void compute_local(int sweeps)
{
	for (int s = 0; s < sweeps; s++) {
		for (long i = 1; i <= ncell; i++)
			tmpg[i] = 0.5 * grid[i] + 0.25 * (grid[i - 1] + grid[i + 1]);
		double *t = grid; grid = tmpg; tmpg = t;
	}
}

static void die(const char *m) { fprintf(stderr, "app32: %s\n", m); MPI_Abort(MPI_COMM_WORLD, 2); }
static double now(void) { return MPI_Wtime(); }

static void write_all(int fd, const void *b, size_t n)
{
	if (write(fd, b, n) != (ssize_t)n) die("write");
}

/* checkpoint kinds: coll (N-1, one MPI_File_write_at_all a rank), fpp (N-N, one write a rank),
 * fsync (N-N, REC-byte writes, fsync after each), fsyncend (the same writes, one fsync at the end),
 * rank0 (every rank MPI_Send's its block to rank 0, which writes the whole file alone). */
static void checkpoint(const char *kind, const char *base, int n, size_t rec)
{
	char path[512];
	size_t bytes = ncell * sizeof(double);
	double t0 = now();
	if (!strcmp(kind, "fpp") || !strcmp(kind, "fsync") || !strcmp(kind, "fsyncend")) {
		snprintf(path, sizeof path, "%s.%d.%d", base, n, rank);
		int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644), each = !strcmp(kind, "fsync");
		if (fd < 0) die("open ckpt");
		if (!strcmp(kind, "fpp")) {
			write_all(fd, &grid[1], bytes);
		} else {
			for (size_t off = 0; off < bytes; off += rec) {
				write_all(fd, (char *)&grid[1] + off, rec);
				if (each) fsync(fd); /* "make sure every record is on disk" */
			}
			if (!each) fsync(fd);
		}
		close(fd);
	} else if (!strcmp(kind, "rank0")) {
		snprintf(path, sizeof path, "%s.%d", base, n);
		if (rank == 0) {
			double *b = malloc(bytes);
			int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
			if (fd < 0 || !b) die("open ckpt");
			write_all(fd, &grid[1], bytes);
			for (int r = 1; r < nprocs; r++) {
				MPI_Recv(b, ncell, MPI_DOUBLE, r, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
				write_all(fd, b, bytes);
			}
			close(fd);
			free(b);
		} else {
			MPI_Send(&grid[1], ncell, MPI_DOUBLE, 0, 7, MPI_COMM_WORLD);
		}
	} else if (!strcmp(kind, "coll")) {
		MPI_File fh;
		snprintf(path, sizeof path, "%s.%d", base, n);
		if (MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh))
			die("open ckpt");
		MPI_File_write_at_all(fh, (MPI_Offset)rank * bytes, &grid[1], ncell, MPI_DOUBLE, MPI_STATUS_IGNORE);
		MPI_File_close(&fh);
	} else die("checkpoint kind");
	iot += now() - t0;
}

/* ana: each rank reads its quarter of a shared input of 32-byte particle records (x, y, z, m),
 * a slice a step, and sums the mass moments; rec = 32 reads a record a read(), else CHUNK bytes. */
static double analyse(int fd, long first, long nrec, size_t chunk, char *buf)
{
	double acc = 0;
	long per = chunk / 32;
	for (long r = 0; r < nrec; r += per) {
		long k = nrec - r < per ? nrec - r : per;
		double t0 = now();
		if (pread(fd, buf, k * 32, (first + r) * 32) != k * 32) die("read input");
		iot += now() - t0;
		const double *p = (const double *)buf;
		for (long i = 0; i < k; i++)
			acc += p[4 * i + 3] * (p[4 * i] * p[4 * i] + p[4 * i + 1] * p[4 * i + 1] + p[4 * i + 2] * p[4 * i + 2]);
	}
	return acc;
}

/* One diagnostic over a series of snapshots: a mean and a variance of the field (real arithmetic). */
static void diag(const double *v, long n, double *m, double *s)
{
	double a = 0, b = 0;
	for (long i = 0; i < n; i++) { a += v[i]; b += v[i] * v[i]; }
	*m += a / n; *s += b / n - (a / n) * (a / n);
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
	if (argc < 5) die("usage: app32 MODE CELLS_K STEPS SWEEPS ARGS...");
	const char *mode = argv[1];
	ncell = atol(argv[2]) * 1024;
	int steps = atoi(argv[3]), sweeps = atoi(argv[4]);
	grid = calloc(ncell + 2, sizeof(double));
	tmpg = calloc(ncell + 2, sizeof(double));
	for (long i = 1; i <= ncell; i++) grid[i] = (double)((rank * ncell + i) % 1000);
	MPI_Barrier(MPI_COMM_WORLD);
	double t0 = now();

	if (!strcmp(mode, "mkinput")) { /* mkinput CK S W FILE MIB: the analysis input (not logged) */
		if (rank == 0) {
			long n = atol(argv[6]) * 1024 * 1024 / 32;
			FILE *f = fopen(argv[5], "w");
			if (!f) die("mkinput");
			for (long i = 0; i < n; i++) {
				double p[4] = {(i % 1000) * 1e-3, (i % 777) * 1e-3, (i % 555) * 1e-3, 1.0 + (i % 13)};
				fwrite(p, sizeof p, 1, f);
			}
			fclose(f);
		}
	} else if (!strcmp(mode, "ckpt")) { /* ckpt CK S W KIND EVERY BASE [REC] */
		if (argc < 8) die("ckpt args");
		int every = atoi(argv[6]);
		size_t rec = argc > 8 ? (size_t)atol(argv[8]) : 0;
		for (int s = 1; s <= steps; s++) {
			compute(sweeps);
			if (s % every == 0) checkpoint(argv[5], argv[7], s / every, rec);
		}
	} else if (!strcmp(mode, "imbal")) { /* imbal CK S W EVERY BASE: uncoupled work 1+rank/2, coll ckpt */
		int every = atoi(argv[5]), mine = sweeps * (2 + rank) / 2;
		for (int s = 1; s <= steps; s++) {
			compute_local(mine);
			if (s % every == 0) checkpoint("coll", argv[6], s / every, 0);
		}
	} else if (!strcmp(mode, "ana")) { /* ana CK S W FILE CHUNK: the input read a slice a step */
		int fd = open(argv[5], O_RDONLY);
		struct stat st;
		if (fd < 0 || fstat(fd, &st)) die("input");
		long nrec = st.st_size / 32 / nprocs, per = nrec / steps;
		size_t chunk = atol(argv[6]);
		char *buf = malloc(chunk);
		double acc = 0;
		for (int s = 0; s < steps; s++) {
			acc += analyse(fd, rank * nrec + s * per, s == steps - 1 ? nrec - s * per : per, chunk, buf);
			grid[1] += acc * 1e-30;
			compute(sweeps);
		}
		close(fd);
	} else if (!strcmp(mode, "post")) { /* post CK S W BASE NDIAG reread|once: snapshots, then diagnostics */
		char path[512];
		int nd = atoi(argv[6]), reread = !strcmp(argv[7], "reread");
		size_t bytes = ncell * sizeof(double);
		snprintf(path, sizeof path, "%s.%d", argv[5], rank);
		int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0) die("series");
		for (int s = 1; s <= steps; s++) { /* the run: a snapshot a step appended to the rank's series */
			compute(sweeps);
			double a = now();
			write_all(fd, &grid[1], bytes);
			iot += now() - a;
		}
		close(fd);
		/* post-processing: one diagnostic a pass over the series, each pass re-reading the file */
		double m = 0, v = 0, *all = reread ? NULL : malloc(bytes * steps);
		double *b = malloc(bytes);
		if (!reread) {
			double a = now();
			int in = open(path, O_RDONLY);
			for (int s = 0; s < steps; s++)
				if (in < 0 || read(in, (char *)all + s * bytes, bytes) != (ssize_t)bytes) die("read series");
			close(in);
			iot += now() - a;
		}
		for (int d = 0; d < nd; d++) {
			int in = reread ? open(path, O_RDONLY) : -1;
			for (int s = 0; s < steps; s++) {
				double a = now();
				if (reread && read(in, b, bytes) != (ssize_t)bytes) die("reread");
				iot += now() - a;
				diag(reread ? b : all + s * ncell, ncell, &m, &v);
				compute_local(sweeps / 8 + 1);
			}
			if (reread) close(in);
		}
		grid[1] += (m + v) * 1e-30;
	} else if (!strcmp(mode, "quiet")) { /* quiet CK S W DECK OUT: an input deck, long compute, a result */
		long n = 0;
		char *deck = malloc(1 << 20);
		double a = now();
		if (rank == 0) {
			FILE *f = fopen(argv[5], "r");
			if (!f) die("deck");
			n = fread(deck, 1, 1 << 20, f);
			fclose(f);
		}
		MPI_Bcast(&n, 1, MPI_LONG, 0, MPI_COMM_WORLD);
		MPI_Bcast(deck, n, MPI_CHAR, 0, MPI_COMM_WORLD);
		iot += now() - a;
		FILE *lg = NULL;
		if (rank == 0 && !(lg = fopen(argv[6], "w"))) die("log");
		for (int s = 1; s <= steps; s++) {
			compute(sweeps);
			if (rank == 0 && s % 10 == 0) { /* a progress line every 10 steps */
				a = now();
				fprintf(lg, "step %d residual %.6e\n", s, grid[1]);
				iot += now() - a;
			}
		}
		if (rank == 0) fclose(lg);
		char out[512];
		snprintf(out, sizeof out, "%s.res", argv[6]);
		checkpoint("coll", out, 0, 0);
	} else die("mode");

	MPI_Barrier(MPI_COMM_WORLD);
	double t = now() - t0, mx, io;
	MPI_Reduce(&t, &mx, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	MPI_Reduce(&iot, &io, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	if (rank == 0) printf("app32 %s np %d: %.3f s (own I/O clock, slowest rank %.3f s)\n", mode, nprocs, mx, io);
	MPI_Finalize();
	return 0;
}
