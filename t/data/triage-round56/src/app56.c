/* Round 56's programs: a 1-D Jacobi stencil (real arithmetic, halo exchange by MPI_Sendrecv) with the
 * I/O of one mode between steps. Usage: app56 MODE KDOUBLES STEPS SWEEPS PATH [ARG]
 * Prints the slowest rank's barrier-to-barrier wall time. */
#define _GNU_SOURCE
#include <mpi.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int rank, nproc;
static size_t n;
static double *u, *v;

static void sweep(int sweeps)
{
	for (int s = 0; s < sweeps; s++) {
		int lo = rank > 0 ? rank - 1 : MPI_PROC_NULL, hi = rank < nproc - 1 ? rank + 1 : MPI_PROC_NULL;
		MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, lo, 0, &u[n + 1], 1, MPI_DOUBLE, hi, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		MPI_Sendrecv(&u[n], 1, MPI_DOUBLE, hi, 1, &u[0], 1, MPI_DOUBLE, lo, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		for (size_t i = 1; i <= n; i++)
			v[i] = 0.25 * u[i - 1] + 0.5 * u[i] + 0.25 * u[i + 1] + 1e-9 * (double)(i % 7);
		double *t = u; u = v; v = t;
	}
}

static void xwrite(int fd, const void *b, size_t len, off_t off)
{
	const char *p = b;
	while (len) {
		ssize_t w = off < 0 ? write(fd, p, len) : pwrite(fd, p, len, off);
		if (w <= 0) { perror("write"); MPI_Abort(MPI_COMM_WORLD, 1); }
		p += w; len -= (size_t)w; if (off >= 0) off += w;
	}
}

static int xopen(const char *path, int flags)
{
	int fd = open(path, flags, 0644);
	if (fd < 0) { perror(path); MPI_Abort(MPI_COMM_WORLD, 1); }
	return fd;
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &nproc);
	if (argc < 6) { if (!rank) fprintf(stderr, "usage: app56 MODE KDOUBLES STEPS SWEEPS PATH [ARG]\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	const char *mode = argv[1], *path = argv[5];
	n = (size_t)atol(argv[2]) * 1024;
	int steps = atoi(argv[3]), sweeps = atoi(argv[4]);
	long arg = argc > 6 ? atol(argv[6]) : 0;
	u = calloc(n + 2, sizeof *u); v = calloc(n + 2, sizeof *v);
	for (size_t i = 1; i <= n; i++) u[i] = (double)((i * 2654435761u + (size_t)rank) % 1000) / 1000.0;
	size_t bytes = n * sizeof *u;
	char fn[4096];
	double *all = NULL, *table = NULL, acc = 0;
	char *recs = NULL; size_t nrec = 0;
	FILE *lf = NULL; int fd = -1;
	MPI_Barrier(MPI_COMM_WORLD);
	double t0 = MPI_Wtime();

	/* set-up I/O */
	if (!strcmp(mode, "bytecfg") || !strcmp(mode, "bufcfg")) {
		/* read a key=value config: one read(2) per byte (bytecfg) or one fread of it all */
		long sum = 0;
		if (mode[0] == 'b' && mode[1] == 'y') {
			fd = xopen(path, O_RDONLY); char c;
			while (read(fd, &c, 1) == 1) sum += c;
			close(fd);
		} else {
			FILE *f = fopen(path, "r"); static char buf[1 << 20]; size_t r;
			while ((r = fread(buf, 1, sizeof buf, f)) > 0) for (size_t i = 0; i < r; i++) sum += buf[i];
			fclose(f);
		}
		acc += (double)sum;
	}
	if (!strcmp(mode, "reread-once") || !strcmp(mode, "reread-each")) {
		table = malloc((size_t)arg << 20);
		fd = xopen(path, O_RDONLY);
	}
	if (!strcmp(mode, "synclog") || !strcmp(mode, "synclog-end")) {
		snprintf(fn, sizeof fn, "%s.%d", path, rank); lf = fopen(fn, "w");
	}
	if (!strcmp(mode, "reclog") || !strcmp(mode, "recbuf")) {
		snprintf(fn, sizeof fn, "%s.%d", path, rank); fd = xopen(fn, O_WRONLY | O_CREAT | O_TRUNC);
		recs = malloc((size_t)steps * 4096);
	}
	for (int st = 1; st <= steps; st++) {
		if (table && (st == 1 || !strcmp(mode, "reread-each"))) {
			/* the lookup table, in 1 MiB preads */
			for (long m = 0; m < arg; m++)
				if (pread(fd, (char *)table + (m << 20), 1 << 20, m << 20) != 1 << 20) { perror("pread"); MPI_Abort(MPI_COMM_WORLD, 1); }
		}
		sweep(sweeps);
		if (table) for (size_t i = 1; i <= n; i += 64) acc += table[(i * 7 + (size_t)st) % ((size_t)arg << 17)] * u[i];
		int ck = arg > 0 && st % (int)arg == 0;
		if (!strcmp(mode, "coll") && ck) {
			MPI_File fh; snprintf(fn, sizeof fn, "%s.%d", path, st / (int)arg);
			MPI_File_open(MPI_COMM_WORLD, fn, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
			MPI_File_write_at_all(fh, (MPI_Offset)rank * (MPI_Offset)bytes, &u[1], (int)n, MPI_DOUBLE, MPI_STATUS_IGNORE);
			MPI_File_close(&fh);
		}
		if ((!strcmp(mode, "ckpt4k") || !strcmp(mode, "ckpt4m") || !strcmp(mode, "seqbig")) && st == steps) {
			/* one checkpoint at the end, own file a rank, in pieces of 4 KiB, 4 MiB or 8 MiB */
			size_t piece = mode[4] == '4' ? (mode[5] == 'k' ? 4096 : 4 << 20) : 8 << 20;
			snprintf(fn, sizeof fn, "%s.%d", path, rank); int f = xopen(fn, O_WRONLY | O_CREAT | O_TRUNC);
			for (size_t o = 0; o < bytes; o += piece) xwrite(f, (char *)&u[1] + o, bytes - o < piece ? bytes - o : piece, -1);
			close(f);
		}
		if ((!strcmp(mode, "gather0") || !strcmp(mode, "parwrite")) && ck) {
			snprintf(fn, sizeof fn, "%s.%d", path, st / (int)arg);
			if (mode[0] == 'g') {
				if (!rank && !all) all = malloc(bytes * (size_t)nproc);
				MPI_Gather(&u[1], (int)n, MPI_DOUBLE, all, (int)n, MPI_DOUBLE, 0, MPI_COMM_WORLD);
				if (!rank) { int f = xopen(fn, O_WRONLY | O_CREAT | O_TRUNC); xwrite(f, all, bytes * (size_t)nproc, -1); close(f); }
			} else {
				int f = xopen(fn, O_WRONLY | O_CREAT); xwrite(f, &u[1], bytes, (off_t)rank * (off_t)bytes); close(f);
			}
			MPI_Barrier(MPI_COMM_WORLD);
		}
		if (lf) {
			/* a progress line a step; synclog makes each durable at once */
			double s = 0; for (size_t i = 1; i <= n; i += 4096) s += u[i];
			fprintf(lf, "step %6d residual %.12e sample %.6f\n", st, s / (double)n, u[n / 2]);
			if (!strcmp(mode, "synclog")) { fflush(lf); fdatasync(fileno(lf)); }
		}
		if (recs) {
			char *r = recs + nrec++ * 4096; memcpy(r, &u[1], 4096 < bytes ? 4096 : bytes);
			if (!strcmp(mode, "reclog")) xwrite(fd, r, 4096, -1);
		}
	}
	/* end-of-run output */
	if (!strcmp(mode, "stdio-text") || !strcmp(mode, "stdio-bin")) {
		snprintf(fn, sizeof fn, "%s.%d", path, rank); FILE *f = fopen(fn, "w");
		if (mode[6] == 't') for (size_t i = 1; i <= n; i++) fprintf(f, "%zu %.15e\n", i, u[i]);
		else fwrite(&u[1], sizeof *u, n, f);
		fclose(f);
	}
	if (lf) { if (!strcmp(mode, "synclog-end")) { fflush(lf); fdatasync(fileno(lf)); } fclose(lf); }
	if (recs) { if (!strcmp(mode, "recbuf")) xwrite(fd, recs, nrec * 4096, -1); fsync(fd); close(fd); }
	if (table) close(fd);
	MPI_Barrier(MPI_COMM_WORLD);
	double t = MPI_Wtime() - t0, tmax;
	MPI_Reduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	double a = acc + u[n / 2], asum;
	MPI_Reduce(&a, &asum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (!rank) printf("app56 %s np %d: %.3f s (check %.6e)\n", mode, nproc, tmax, asum);
	MPI_Finalize();
	return 0;
}
