/* Round 44: "an ordinary day" at a centre. One MPI program, a mode per job.
 * Usage: app44 MODE ARGS... ; each prints the slowest rank's wall time (barrier to barrier). */
#define _GNU_SOURCE
#include <mpi.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int rank, nproc;

static void die(const char *m)
{
	fprintf(stderr, "app44: %s\n", m);
	MPI_Abort(MPI_COMM_WORLD, 1);
}

/* real arithmetic: Jacobi sweeps over a local 1-D grid with a halo exchange */
static double sweeps(double *u, double *v, long n, int k)
{
	for (int s = 0; s < k; s++) {
		int l = (rank + nproc - 1) % nproc, r = (rank + 1) % nproc;
		MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, l, 0, &u[n + 1], 1, MPI_DOUBLE, r, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		MPI_Sendrecv(&u[n], 1, MPI_DOUBLE, r, 1, &u[0], 1, MPI_DOUBLE, l, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		for (long i = 1; i <= n; i++)
			v[i] = 0.25 * (u[i - 1] + 2.0 * u[i] + u[i + 1]) + 1e-9 * sin((double)i);
		memcpy(&u[1], &v[1], n * sizeof(double));
	}
	return u[n / 2];
}

static double *grid(long n)
{
	double *u = calloc(n + 2, sizeof(double));
	if (!u)
		die("out of memory");
	for (long i = 0; i < n + 2; i++)
		u[i] = (double)((i * 7 + rank * 13) % 101) / 101.0;
	return u;
}

/* md: short-range pair forces among local particles, one checkpoint file per rank at the end */
static void md(int npart, int steps, const char *out)
{
	double *x = malloc(3 * npart * sizeof(double)), *f = malloc(3 * npart * sizeof(double)), e = 0, et;
	srand(44 + rank);
	for (int i = 0; i < 3 * npart; i++)
		x[i] = 10.0 * rand() / RAND_MAX;
	for (int s = 0; s < steps; s++) {
		memset(f, 0, 3 * npart * sizeof(double));
		for (int i = 0; i < npart; i++)
			for (int j = i + 1; j < npart; j++) {
				double d[3], r2 = 0;
				for (int k = 0; k < 3; k++) {
					d[k] = x[3 * i + k] - x[3 * j + k];
					r2 += d[k] * d[k];
				}
				if (r2 > 6.25 || r2 < 1e-6)
					continue;
				double i6 = 1.0 / (r2 * r2 * r2), ff = (48 * i6 * i6 - 24 * i6) / r2;
				e += 4 * (i6 * i6 - i6);
				for (int k = 0; k < 3; k++) {
					f[3 * i + k] += ff * d[k];
					f[3 * j + k] -= ff * d[k];
				}
			}
		for (int i = 0; i < 3 * npart; i++)
			x[i] += 1e-6 * fmax(-1e3, fmin(1e3, f[i]));
		MPI_Allreduce(&e, &et, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
	}
	char p[256];
	snprintf(p, sizeof p, "%s.%d", out, rank);
	int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	size_t big = 1 << 20;
	char *b = malloc(big);
	memcpy(b, x, 3 * npart * sizeof(double) < big ? 3 * npart * sizeof(double) : big);
	if (fd < 0 || write(fd, b, big) != (ssize_t)big || close(fd))
		die("md checkpoint");
	free(b), free(x), free(f);
}

/* sweep: independent Monte Carlo per parameter, rank 0 writes the table */
static void sweep(int nparam, long samples, const char *out)
{
	double res[256] = {0}, all[256];
	for (int p = rank; p < nparam; p += nproc) {
		unsigned s = 44 + p;
		double acc = 0, a = 0.5 + p * 0.05;
		for (long i = 0; i < samples; i++) {
			double x = rand_r(&s) / (double)RAND_MAX, y = rand_r(&s) / (double)RAND_MAX;
			acc += exp(-a * (x * x + y * y)) * cos(a * x * y);
		}
		res[p] = acc / samples;
	}
	MPI_Reduce(res, all, 256, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (rank == 0) {
		FILE *f = fopen(out, "w");
		if (!f)
			die("sweep out");
		for (int p = 0; p < nparam; p++)
			fprintf(f, "%d %.6f %.12f\n", p, 0.5 + p * 0.05, all[p]);
		fclose(f);
	}
}

/* restart: collective read of a restart file, sweeps, collective write of the next one */
static void restart(long n, int steps, int k, const char *in, const char *out)
{
	double *u = grid(n), *v = grid(n);
	MPI_File fh;
	MPI_Offset off = (MPI_Offset)rank * n * sizeof(double);
	if (MPI_File_open(MPI_COMM_WORLD, in, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh))
		die("restart open");
	MPI_File_read_at_all(fh, off, &u[1], n, MPI_DOUBLE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	for (int s = 0; s < steps; s++)
		sweeps(u, v, n, k);
	if (MPI_File_open(MPI_COMM_WORLD, out, MPI_MODE_WRONLY | MPI_MODE_CREATE, MPI_INFO_NULL, &fh))
		die("restart out");
	MPI_File_write_at_all(fh, off, &u[1], n, MPI_DOUBLE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
}

/* spectra: read own half of the input in 1 MiB freads, a naive DFT of a subsample, small stats out */
static void spectra(const char *in, int nfreq, const char *out)
{
	FILE *f = fopen(in, "r");
	if (!f)
		die("spectra in");
	fseek(f, 0, SEEK_END);
	long sz = ftell(f), part = sz / nproc, nd = part / sizeof(float);
	float *d = malloc(part);
	fseek(f, rank * part, SEEK_SET);
	for (long got = 0; got < part;) {
		size_t want = part - got > (1 << 20) ? (1 << 20) : part - got;
		size_t r = fread((char *)d + got, 1, want, f);
		if (r == 0)
			die("spectra short read");
		got += r;
	}
	fclose(f);
	double pw[4096] = {0};
	for (int k = 0; k < nfreq; k++) {
		double re = 0, im = 0;
		for (long i = 0; i < nd; i += 16) {
			re += d[i] * cos(2 * M_PI * k * i / nd);
			im += d[i] * sin(2 * M_PI * k * i / nd);
		}
		pw[k] = re * re + im * im;
	}
	char p[256];
	snprintf(p, sizeof p, "%s.%d", out, rank);
	FILE *o = fopen(p, "w");
	for (int k = 0; k < nfreq; k += 64)
		fprintf(o, "%d %.6e\n", k, pw[k]);
	fclose(o);
	free(d);
}

/* cg: each rank preads its dense row block once, CG iterations, rank 0 logs residuals at the end */
static void cg(const char *in, long m, int iters, const char *out)
{
	long rows = m / nproc;
	double *a = malloc(rows * m * sizeof(double)), *x = calloc(m, sizeof(double)), *r = malloc(m * sizeof(double));
	double *p = malloc(m * sizeof(double)), *ap = malloc(rows * sizeof(double)), *apg = malloc(m * sizeof(double));
	double *hist = malloc(iters * sizeof(double));
	int fd = open(in, O_RDONLY);
	if (fd < 0 || pread(fd, a, rows * m * sizeof(double), (off_t)rank * rows * m * sizeof(double)) != (ssize_t)(rows * m * sizeof(double)))
		die("cg matrix");
	close(fd);
	for (long i = 0; i < rows; i++) /* make it diagonally dominant and symmetric enough */
		a[i * m + rank * rows + i] = m;
	for (long i = 0; i < m; i++)
		r[i] = p[i] = 1.0;
	double rr = m;
	for (int it = 0; it < iters; it++) {
		for (long i = 0; i < rows; i++) {
			double s = 0;
			for (long j = 0; j < m; j++)
				s += fabs(a[i * m + j]) * 1e-3 * p[j] + (j == rank * rows + i ? a[i * m + j] * p[j] : 0);
			ap[i] = s;
		}
		MPI_Allgather(ap, rows, MPI_DOUBLE, apg, rows, MPI_DOUBLE, MPI_COMM_WORLD);
		double pap = 0, rn = 0;
		for (long i = 0; i < m; i++)
			pap += p[i] * apg[i];
		double al = rr / pap;
		for (long i = 0; i < m; i++) {
			x[i] += al * p[i];
			r[i] -= al * apg[i];
			rn += r[i] * r[i];
		}
		for (long i = 0; i < m; i++)
			p[i] = r[i] + rn / rr * p[i];
		rr = rn;
		hist[it] = sqrt(rn);
	}
	if (rank == 0) {
		FILE *o = fopen(out, "w");
		for (int it = 0; it < iters; it++)
			fprintf(o, "%d %.15e\n", it, hist[it]);
		fclose(o);
	}
}

/* history: a line per step into each rank's history file; reopen = fopen("a")/fprintf/fclose each step */
static void history(long n, int steps, int k, const char *out, int reopen)
{
	double *u = grid(n), *v = grid(n);
	char p[256];
	snprintf(p, sizeof p, "%s.%d", out, rank);
	FILE *f = reopen ? NULL : fopen(p, "a");
	for (int s = 0; s < steps; s++) {
		double c = sweeps(u, v, n, k);
		if (reopen)
			f = fopen(p, "a");
		if (!f)
			die("history open");
		fprintf(f, "step %6d rank %3d centre % .12e time %.6f\n", s, rank, c, MPI_Wtime());
		if (reopen)
			fclose(f);
	}
	if (!reopen)
		fclose(f);
}

/* ckpt: each rank writes MB MiB as KB KiB records; each = fsync after every record (a "transaction"), end = once per file */
static void ckpt(long n, int steps, int k, int every, int mb, int kb, const char *out, int each)
{
	double *u = grid(n), *v = grid(n);
	size_t ch = (size_t)kb << 10;
	char *b = malloc(ch), p[256];
	for (int s = 1; s <= steps; s++) {
		sweeps(u, v, n, k);
		if (s % every)
			continue;
		for (size_t i = 0; i < ch; i++)
			b[i] = (char)(u[1 + i % n] * 251);
		snprintf(p, sizeof p, "%s.%d.%d", out, s, rank);
		int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0)
			die("ckpt open");
		for (long c = 0; c < (long)mb * 1024 / kb; c++) {
			if (write(fd, b, ch) != (ssize_t)ch)
				die("ckpt write");
			if (each)
				fsync(fd);
		}
		if (!each)
			fsync(fd);
		close(fd);
	}
}

/* shared: N-1 file, rank-interleaved 4 KiB pieces; indep = MPI_File_write_at a piece, coll = file view + write_all */
static void shared(long n, int steps, int k, int every, const char *out, int coll)
{
	double *u = grid(n), *v = grid(n);
	int piece = 512; /* doubles = 4 KiB */
	long np = n / piece;
	char p[256];
	for (int s = 1; s <= steps; s++) {
		sweeps(u, v, n, k);
		if (s % every)
			continue;
		snprintf(p, sizeof p, "%s.%d", out, s);
		MPI_File fh;
		if (MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_WRONLY | MPI_MODE_CREATE, MPI_INFO_NULL, &fh))
			die("shared open");
		if (coll) {
			MPI_Datatype vt;
			MPI_Type_vector(np, piece, piece * nproc, MPI_DOUBLE, &vt);
			MPI_Type_commit(&vt);
			MPI_File_set_view(fh, (MPI_Offset)rank * piece * 8, MPI_DOUBLE, vt, "native", MPI_INFO_NULL);
			MPI_File_write_all(fh, &u[1], np * piece, MPI_DOUBLE, MPI_STATUS_IGNORE);
			MPI_Type_free(&vt);
		} else {
			for (long i = 0; i < np; i++)
				MPI_File_write_at(fh, ((MPI_Offset)i * nproc + rank) * piece * 8, &u[1 + i * piece], piece, MPI_DOUBLE, MPI_STATUS_IGNORE);
		}
		MPI_File_close(&fh);
	}
}

/* textdump: gather the field to rank 0, which writes it as text (fprintf a value) or binary (one fwrite) */
static void textdump(long n, int steps, int k, const char *out, int text)
{
	double *u = grid(n), *v = grid(n), *all = rank ? NULL : malloc(n * nproc * sizeof(double));
	for (int s = 0; s < steps; s++)
		sweeps(u, v, n, k);
	MPI_Gather(&u[1], n, MPI_DOUBLE, all, n, MPI_DOUBLE, 0, MPI_COMM_WORLD);
	if (rank)
		return;
	FILE *f = fopen(out, "w");
	if (!f)
		die("dump open");
	if (text)
		for (long i = 0; i < n * nproc; i++)
			fprintf(f, "%.17e\n", all[i]);
	else
		fwrite(all, sizeof(double), n * nproc, f);
	fclose(f);
}

/* lookup: random 100-byte records from a table; pread each (each) or read it whole first (once) */
static void lookup(const char *in, long nq, int each)
{
	int fd = open(in, O_RDONLY);
	if (fd < 0)
		die("lookup open");
	off_t sz = lseek(fd, 0, SEEK_END);
	long nrec = sz / 100;
	char *tab = each ? NULL : malloc(sz), rec[100];
	if (!each && pread(fd, tab, sz, 0) != sz)
		die("lookup read");
	unsigned s = 44 + rank;
	double acc = 0;
	for (long q = 0; q < nq; q++) {
		long i = rand_r(&s) % nrec;
		if (each) {
			if (pread(fd, rec, 100, (off_t)i * 100) != 100)
				die("lookup pread");
		} else
			memcpy(rec, tab + i * 100, 100);
		for (int j = 0; j < 100; j++) /* the per-query model evaluation */
			acc += sqrt((unsigned char)rec[j] + j) * sin(acc * 1e-9 + j);
	}
	close(fd);
	if (acc == 42)
		puts("");
}

/* series: each rank prints a value per line to its own output; unbuf = setvbuf(_IONBF), as a user "to see it live" */
static void series(long n, int steps, int k, long vals, const char *out, int unbuf)
{
	double *u = grid(n), *v = grid(n);
	char p[256];
	snprintf(p, sizeof p, "%s.%d", out, rank);
	FILE *f = fopen(p, "w");
	if (!f)
		die("series open");
	if (unbuf)
		setvbuf(f, NULL, _IONBF, 0);
	long per = vals / steps;
	for (int s = 0; s < steps; s++) {
		sweeps(u, v, n, k);
		for (long i = 0; i < per; i++)
			fprintf(f, "%d %ld %.10e\n", s, i, u[1 + i % n]);
	}
	fclose(f);
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &nproc);
	if (argc < 2)
		die("usage: app44 MODE ARGS");
	const char *m = argv[1];
	MPI_Barrier(MPI_COMM_WORLD);
	double t0 = MPI_Wtime();
#define A(i) (argc > (i) ? argv[i] : (die("missing argument"), ""))
	if (!strcmp(m, "md"))
		md(atoi(A(2)), atoi(A(3)), A(4));
	else if (!strcmp(m, "sweep"))
		sweep(atoi(A(2)), atol(A(3)), A(4));
	else if (!strcmp(m, "restart"))
		restart(atol(A(2)), atoi(A(3)), atoi(A(4)), A(5), A(6));
	else if (!strcmp(m, "spectra"))
		spectra(A(2), atoi(A(3)), A(4));
	else if (!strcmp(m, "cg"))
		cg(A(2), atol(A(3)), atoi(A(4)), A(5));
	else if (!strcmp(m, "history"))
		history(atol(A(2)), atoi(A(3)), atoi(A(4)), A(5), !strcmp(A(6), "reopen"));
	else if (!strcmp(m, "ckpt"))
		ckpt(atol(A(2)), atoi(A(3)), atoi(A(4)), atoi(A(5)), atoi(A(6)), atoi(A(7)), A(8), !strcmp(A(9), "each"));
	else if (!strcmp(m, "shared"))
		shared(atol(A(2)), atoi(A(3)), atoi(A(4)), atoi(A(5)), A(6), !strcmp(A(7), "coll"));
	else if (!strcmp(m, "textdump"))
		textdump(atol(A(2)), atoi(A(3)), atoi(A(4)), A(5), !strcmp(A(6), "text"));
	else if (!strcmp(m, "lookup"))
		lookup(A(2), atol(A(3)), !strcmp(A(4), "each"));
	else if (!strcmp(m, "series"))
		series(atol(A(2)), atoi(A(3)), atoi(A(4)), atol(A(5)), A(6), !strcmp(A(7), "unbuf"));
	else
		die("unknown mode");
	MPI_Barrier(MPI_COMM_WORLD);
	double t = MPI_Wtime() - t0, mx;
	MPI_Reduce(&t, &mx, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	if (rank == 0)
		printf("%s %.3f s\n", m, mx);
	MPI_Finalize();
	return 0;
}
